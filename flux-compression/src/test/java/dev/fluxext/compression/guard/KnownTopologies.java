package dev.fluxext.compression.guard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * Topologies of word spouts whose shape is registered in the {@link TaskDirectory}, as a worker of them registers it
 * when it binds, so that frames are charged to their sending component.
 */
public final class KnownTopologies {

    private KnownTopologies() {
    }

    /** The context of a topology with one spout, "words" (one field, "word"), as task {@code task}; registered. */
    public static GeneralTopologyContext wordsSpoutContext(Map<String, Object> conf, String stormId, int task) {
        return registered(conf, stormId, Map.of(task, "words"));
    }

    /**
     * The context of a topology of word spouts (one field, "word"), a component per task as given, its shape
     * registered in the {@link TaskDirectory} as a worker of it registers it when it binds.
     */
    public static GeneralTopologyContext registered(Map<String, Object> conf, String stormId,
                                                    Map<Integer, String> tasks) {
        TopologyBuilder builder = new TopologyBuilder();
        Map<String, List<Integer>> componentTasks = new HashMap<>();
        Map<String, Map<String, Fields>> fields = new HashMap<>();
        tasks.forEach((task, component) -> {
            componentTasks.computeIfAbsent(component, c -> new ArrayList<>()).add(task);
            fields.put(component, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("word")));
        });
        componentTasks.keySet().forEach(component -> builder.setSpout(component, new TestWordSpout()));
        StormTopology topology = builder.createTopology();
        GeneralTopologyContext context = new GeneralTopologyContext(topology, conf, tasks, componentTasks, fields,
                stormId);
        TaskDirectory.register(stormId, TopologyShape.of(context));
        return context;
    }
}
