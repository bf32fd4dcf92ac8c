package dev.fluxext.build.testing;

import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;

/** A topology written in Java, used through {@code topologySource}. */
public class SimpleTopologySource {

    private final String spoutId;
    private final String boltId;

    public SimpleTopologySource(String spoutId, String boltId) {
        this.spoutId = spoutId;
        this.boltId = boltId;
    }

    public static StormTopology build(String spoutId, String boltId, int parallelism) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(spoutId, new TestWordSpout());
        builder.setBolt(boltId, new TestWordCounter(), parallelism).shuffleGrouping(spoutId);
        return builder.createTopology();
    }

    public StormTopology getTopology() {
        return build(spoutId, boltId, 1);
    }

    public StormTopology getTopologyWithDifferentMethodName() {
        return build(spoutId, boltId, 2);
    }

    /** Like Flux's SimpleTopologyWithConfigParam: the topology config comes in and may be read or changed. */
    public StormTopology configured(Map<String, Object> config) {
        config.put("source.saw.workers", config.get("topology.workers"));
        return build(spoutId, boltId, 3);
    }

    public String notATopology() {
        return "no";
    }
}
