package dev.fluxext.compression.storm;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * Which streams each component subscribes to, from the topology Storm runs (its own acker, metrics and event-logger
 * subscriptions included), so that a worker can refuse a tuple sent to a task that never asked for its stream.
 * Storm hands such a tuple to the task's bolt: Storm's own {@code __system} bolt throws on any tuple (ending the
 * worker), and a user's bolt reading a field its inputs have but this stream lacks throws as well.
 */
final class Subscriptions {

    /** Component index by task + 1 (Storm's system task is -1); -1 for no task. */
    private final int[] componentByTask;
    /** By destination component, then source component: the source's stream numbers (wire order) subscribed to. */
    private final BitSet[][] subscribed;
    private final List<String>[] streamsByComponent;

    private Subscriptions(int[] componentByTask, BitSet[][] subscribed, List<String>[] streamsByComponent) {
        this.componentByTask = componentByTask;
        this.subscribed = subscribed;
        this.streamsByComponent = streamsByComponent;
    }

    @SuppressWarnings("unchecked")
    static Subscriptions of(GeneralTopologyContext context) {
        Map<Integer, String> tasks = TupleHeader.tasks(context);
        List<String> components = tasks.values().stream().distinct().sorted().toList();
        Map<String, Integer> index = new HashMap<>();
        components.forEach(c -> index.put(c, index.size()));
        int max = tasks.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        int[] byTask = new int[Math.max(max, 0) + 2];
        java.util.Arrays.fill(byTask, -1);
        tasks.forEach((task, component) -> {
            if (task >= -1) {
                byTask[task + 1] = index.get(component);
            }
        });
        List<String>[] streams = new List[components.size()];
        for (String component : components) {
            streams[index.get(component)] = TupleHeader.streamsInWireOrder(context, component);
        }
        BitSet[][] subscribed = new BitSet[components.size()][components.size()];
        for (String destination : components) {
            for (GlobalStreamId input : context.getSources(destination).keySet()) {
                Integer source = index.get(input.get_componentId());
                int stream = source == null ? -1 : streams[source].indexOf(input.get_streamId());
                if (stream >= 0) {
                    BitSet[] bySource = subscribed[index.get(destination)];
                    if (bySource[source] == null) {
                        bySource[source] = new BitSet();
                    }
                    bySource[source].set(stream + 1);
                }
            }
        }
        return new Subscriptions(byTask, subscribed, streams);
    }

    /**
     * Whether task {@code destination} subscribes to stream number {@code stream} of task {@code source}'s
     * component; both tasks already known to be the topology's.
     */
    boolean subscribes(int destination, int source, int stream) {
        int to = component(destination);
        int from = component(source);
        if (to < 0 || from < 0) {
            return true; // not a task of this context: the other checks decide
        }
        BitSet streams = subscribed[to][from];
        return streams != null && streams.get(stream);
    }

    /** The stream's id, for messages; its number if unknown. */
    String streamName(int sourceTask, int stream) {
        int from = component(sourceTask);
        List<String> streams = from < 0 ? List.of() : streamsByComponent[from];
        return stream >= 1 && stream <= streams.size() ? streams.get(stream - 1) : String.valueOf(stream);
    }

    private int component(int task) {
        return task < -1 || task + 1 >= componentByTask.length ? -1 : componentByTask[task + 1];
    }
}
