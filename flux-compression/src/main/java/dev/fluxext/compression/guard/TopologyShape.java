package dev.fluxext.compression.guard;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Constants;
import org.apache.storm.daemon.Acker;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * What a worker's topology says about the tuples it may receive, built once when the worker binds, in the form the
 * receive checks read on every message: each task's component, each component's streams as Storm's serializer
 * numbers them, their field counts and kinds, and which streams each component subscribes to (Storm's own acker,
 * metrics-consumer and event-logger subscriptions included, as the worker runs the topology). Immutable.
 */
final class TopologyShape {

    /** The streams with rules of their own: Storm's, whose values Storm's own code casts. */
    enum StreamKind {
        /** A stream of the topology's own, whose values only its consumers read. */
        OWN,
        /** {@code __ack_init}: root id, xor of edge ids (Longs), and the sending spout's task (an Integer). */
        ACK_INIT,
        /** {@code __ack_ack}, {@code __ack_fail}, {@code __ack_reset_timeout}: a root id and a Long, or the id. */
        ACKER,
        /** {@code __metrics}: the sender's task info and its data points, cast so by the metrics consumer bolt. */
        METRICS,
        /** {@code __eventlog}: component, message id, time (a Long), the tuple's values (a List). */
        EVENT_LOG,
        /** {@code __tick}, {@code __flush}, {@code __metrics_tick}: a worker's timers send them to its own tasks. */
        WORKER_LOCAL;

        static StreamKind of(String stream) {
            return switch (stream) {
                case Acker.ACKER_INIT_STREAM_ID -> ACK_INIT;
                case Acker.ACKER_ACK_STREAM_ID, Acker.ACKER_FAIL_STREAM_ID, Acker.ACKER_RESET_TIMEOUT_STREAM_ID ->
                        ACKER;
                case Constants.METRICS_STREAM_ID -> METRICS;
                case StormCommon.EVENTLOGGER_STREAM_ID -> EVENT_LOG;
                case Constants.SYSTEM_TICK_STREAM_ID, Constants.SYSTEM_FLUSH_STREAM_ID,
                        Constants.METRICS_TICK_STREAM_ID -> WORKER_LOCAL;
                default -> OWN;
            };
        }
    }

    /** Component index by task + 1 (Storm's system task is -1); -1 for no task. */
    private final int[] componentByTask;
    private final String[] components;
    /** By component: its streams in wire order (stream number n is element n - 1). */
    private final List<String>[] streams;
    /** By component, then stream number: the fields the stream declares. */
    private final int[][] fields;
    /** By component, then stream number. */
    private final StreamKind[][] kinds;
    /** By destination component, then source component: the source's stream numbers subscribed to. */
    private final BitSet[][] subscribed;
    /** Local mode: Storm builds every received tuple with its sanity check, which wants the exact field count. */
    private final boolean exact;

    @SuppressWarnings("unchecked")
    private TopologyShape(GeneralTopologyContext context) {
        Map<Integer, String> tasks = tasks(context);
        components = tasks.values().stream().distinct().sorted().toArray(String[]::new);
        Map<String, Integer> index = new HashMap<>();
        for (String component : components) {
            index.put(component, index.size());
        }
        int max = tasks.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        componentByTask = new int[Math.max(max, 0) + 2];
        Arrays.fill(componentByTask, -1);
        tasks.forEach((task, component) -> {
            if (task >= -1) {
                componentByTask[task + 1] = index.get(component);
            }
        });
        streams = new List[components.length];
        fields = new int[components.length][];
        kinds = new StreamKind[components.length][];
        for (int c = 0; c < components.length; c++) {
            Map<String, StreamInfo> declared = context.getComponentCommon(components[c]).get_streams();
            streams[c] = streamsInWireOrder(context, components[c]);
            fields[c] = new int[streams[c].size() + 1];
            kinds[c] = new StreamKind[streams[c].size() + 1];
            for (int n = 1; n <= streams[c].size(); n++) {
                fields[c][n] = declared.get(streams[c].get(n - 1)).get_output_fields_size();
                kinds[c][n] = StreamKind.of(streams[c].get(n - 1));
            }
        }
        subscribed = new BitSet[components.length][components.length];
        for (int to = 0; to < components.length; to++) {
            for (GlobalStreamId input : context.getSources(components[to]).keySet()) {
                Integer from = index.get(input.get_componentId());
                int stream = from == null ? -1 : streams[from].indexOf(input.get_streamId());
                if (stream >= 0) {
                    if (subscribed[to][from] == null) {
                        subscribed[to][from] = new BitSet();
                    }
                    subscribed[to][from].set(stream + 1);
                }
            }
        }
        exact = context.doSanityCheck();
    }

    static TopologyShape of(GeneralTopologyContext context) {
        return new TopologyShape(context);
    }

    /** Whether {@code task} is one of the topology's (Storm's system task -1 included where it runs). */
    boolean knows(int task) {
        return component(task) >= 0;
    }

    /** The component of {@code task}, or null. */
    String componentName(int task) {
        int c = component(task);
        return c < 0 ? null : components[c];
    }

    /** The number of streams of {@code task}'s component (stream numbers 1 to it); 0 for an unknown task. */
    int streamCount(int task) {
        int c = component(task);
        return c < 0 ? 0 : streams[c].size();
    }

    /** The stream's id, for messages; its number if unknown. */
    String streamName(int task, int stream) {
        int c = component(task);
        return c >= 0 && stream >= 1 && stream <= streams[c].size() ? streams[c].get(stream - 1)
                : String.valueOf(stream);
    }

    /** The fields stream {@code stream} of {@code task} declares; -1 if the task or the stream is unknown. */
    int fields(int task, int stream) {
        int c = component(task);
        return c < 0 || stream < 1 || stream >= fields[c].length ? -1 : fields[c][stream];
    }

    /** The kind of stream {@code stream} of {@code task}, which {@link #fields} knows. */
    StreamKind kind(int task, int stream) {
        return kinds[component(task)][stream];
    }

    boolean exact() {
        return exact;
    }

    /**
     * Whether task {@code destination} subscribes to stream number {@code stream} of task {@code source}'s
     * component; true where either task is unknown here (the other checks decide).
     */
    boolean subscribes(int destination, int source, int stream) {
        int to = component(destination);
        int from = component(source);
        if (to < 0 || from < 0) {
            return true;
        }
        BitSet streams = subscribed[to][from];
        return streams != null && streams.get(stream);
    }

    private int component(int task) {
        return task < -1 || task + 1 >= componentByTask.length ? -1 : componentByTask[task + 1];
    }

    /**
     * The topology's tasks and their components, Storm's system task (-1, {@code __system}) included where the
     * topology runs it: Storm's context answers for it (its {@code getComponentId}) but does not list it.
     */
    private static Map<Integer, String> tasks(GeneralTopologyContext context) {
        Map<Integer, String> tasks = new HashMap<>(context.getTaskToComponent());
        if (context.getRawTopology() != null && context.getRawTopology().get_bolts() != null
                && context.getRawTopology().get_bolts().containsKey(Constants.SYSTEM_COMPONENT_ID)) {
            tasks.put((int) Constants.SYSTEM_TASK_ID, Constants.SYSTEM_COMPONENT_ID);
        }
        return tasks;
    }

    /**
     * A component's streams in the order Storm's serializer numbers them (its {@code IdDictionary}: by id, the
     * first numbered 1).
     */
    static List<String> streamsInWireOrder(GeneralTopologyContext context, String component) {
        List<String> streams = new ArrayList<>(context.getComponentCommon(component).get_streams().keySet());
        streams.sort(null);
        return streams;
    }
}
