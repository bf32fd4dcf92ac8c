package dev.fluxext.compression.storm;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.Constants;
import org.apache.storm.daemon.Acker;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * How many fields each stream of each task declares, per topology, filled by {@link FrameGuardContext} when a worker
 * binds, so that the serializer can turn away a received tuple whose values do not fit its stream before Storm
 * builds it. Storm does not check that on receipt: in local mode building the tuple throws in the Netty thread,
 * whose handler then ends the worker; on a cluster the tuple is delivered, and a consumer reading a field the tuple
 * lacks throws in its executor, which ends the worker too. Storm's acker, the spouts' executors, its metrics
 * consumer bolt and its event logger also cast the values of Storm's own streams: those are checked for their classes as well (a user's
 * bolt casting its input is the user's to guard), and the streams of each worker's timers, which never cross
 * between workers, are refused outright.
 */
final class StreamFields {

    /**
     * A topology's declared fields, by source task, then by stream index as Storm's serializer numbers streams; and
     * the kind of each of those streams (the topology's own, or one of Storm's with rules of its own).
     */
    private record Declared(int[][] byTaskAndStream, byte[][] kinds, boolean exact) {
    }

    /** A stream of the topology's own, whose values only its consumers read. */
    private static final byte OWN = 0;
    /** {@code __ack_init}: root id, xor of edge ids (Longs), and the sending spout's task (an Integer). */
    private static final byte ACK_INIT = 1;
    /** {@code __ack_ack}, {@code __ack_fail}, {@code __ack_reset_timeout}: a root id and a Long, or the id alone. */
    private static final byte ACKER = 2;
    /** {@code __metrics}: the sender's task info and its data points, cast so by Storm's metrics consumer bolt. */
    private static final byte METRICS = 3;
    /** {@code __tick}, {@code __flush}, {@code __metrics_tick}: each worker's timers send them to its own executors. */
    private static final byte WORKER_LOCAL = 4;
    /** {@code __eventlog}: component, message id, time (a Long), the tuple's values (a List): Storm's event logger casts. */
    private static final byte EVENT_LOG = 5;

    private static final Map<String, Declared> TOPOLOGIES = new ConcurrentHashMap<>();
    /**
     * Set while this thread hands received messages to Storm through the guard: only then is a buffer the
     * serializer reads from a whole tuple message (Netty's load metrics, for one, are values alone).
     */
    private static final ThreadLocal<boolean[]> RECEIVING = ThreadLocal.withInitial(() -> new boolean[1]);

    private StreamFields() {
    }

    /** Set while this thread hands tuple messages to Storm's deserializer (cleared in a finally block). */
    static void receiving(boolean handing) {
        RECEIVING.get()[0] = handing;
    }

    /** Whether this thread is handing received tuple messages to Storm through the guard. */
    static boolean receiving() {
        return RECEIVING.get()[0];
    }

    static void register(String stormId, GeneralTopologyContext context) {
        if (stormId != null) {
            TOPOLOGIES.computeIfAbsent(stormId, id -> declared(context));
        }
    }

    private static Declared declared(GeneralTopologyContext context) {
        Map<Integer, String> tasks = TupleHeader.tasks(context);
        int max = tasks.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        int[][] byTask = new int[Math.max(max, 0) + 2][]; // task + 1: Storm's system task is -1
        byte[][] kinds = new byte[byTask.length][];
        tasks.forEach((task, component) -> {
            if (task >= -1) {
                Map<String, StreamInfo> declared = context.getComponentCommon(component).get_streams();
                List<String> streams = TupleHeader.streamsInWireOrder(context, component);
                int[] fields = new int[streams.size() + 1];
                byte[] kind = new byte[fields.length];
                for (int i = 0; i < streams.size(); i++) {
                    fields[i + 1] = declared.get(streams.get(i)).get_output_fields_size();
                    kind[i + 1] = kindOf(streams.get(i));
                }
                byTask[task + 1] = fields;
                kinds[task + 1] = kind;
            }
        });
        // Local mode builds every tuple with Storm's sanity check, which wants the exact count.
        return new Declared(byTask, kinds, context.doSanityCheck());
    }

    private static byte kindOf(String stream) {
        return switch (stream) {
            case Acker.ACKER_INIT_STREAM_ID -> ACK_INIT;
            case Acker.ACKER_ACK_STREAM_ID, Acker.ACKER_FAIL_STREAM_ID, Acker.ACKER_RESET_TIMEOUT_STREAM_ID -> ACKER;
            case Constants.METRICS_STREAM_ID -> METRICS;
            case StormCommon.EVENTLOGGER_STREAM_ID -> EVENT_LOG;
            case Constants.SYSTEM_TICK_STREAM_ID, Constants.SYSTEM_FLUSH_STREAM_ID, Constants.METRICS_TICK_STREAM_ID ->
                    WORKER_LOCAL;
            default -> OWN;
        };
    }

    /**
     * What is wrong with {@code values} for the tuple {@code message} holds (source task and stream index first, as
     * Storm's {@code KryoTupleSerializer} writes them), or null: too few for the fields its stream declares, or, in
     * local mode, any other number; on Storm's acker, metrics and event-log streams, values of other classes than
     * Storm's acker, executors, metrics consumer and event logger cast them to (they would end the worker), or an {@code __ack_init}
     * naming another spout task than its sender (the acker answers that task); any tuple on a stream of a worker's
     * own timers. Null also when the topology or the task is unknown here.
     */
    static String problem(String stormId, byte[] message, List<Object> values) {
        Declared declared = stormId == null ? null : TOPOLOGIES.get(stormId);
        if (declared == null || message == null) {
            return null;
        }
        long task = TupleHeader.readVarInt(message, 0);
        long stream = task == -1 ? -1 : TupleHeader.readVarInt(message, TupleHeader.position(task));
        int source = TupleHeader.value(task) + 1;
        if (stream == -1 || source < 0 || source >= declared.byTaskAndStream.length
                || declared.byTaskAndStream[source] == null) {
            return null; // the header check turns such a message away before the values are read
        }
        int[] fields = declared.byTaskAndStream[source];
        int index = TupleHeader.value(stream);
        if (index < 1 || index >= fields.length) {
            return null;
        }
        int expected = fields[index];
        int sourceTask = TupleHeader.value(task);
        if (values.size() < expected || (declared.exact && values.size() != expected)) {
            return from(stormId, sourceTask) + " has " + values.size() + " values, its stream declares " + expected
                    + " fields";
        }
        byte kind = declared.kinds[source][index];
        if (kind == WORKER_LOCAL) {
            return from(stormId, sourceTask) + " on a stream of Storm's that never leaves a worker (its timers'"
                    + " ticks and flushes)";
        }
        if (kind == METRICS) {
            if (values.size() < 2 || !(values.get(0) instanceof IMetricsConsumer.TaskInfo)
                    || !(values.get(1) instanceof Collection)) {
                return from(stormId, sourceTask) + " on __metrics has " + (values.size() < 2 ? values.size()
                        + " values" : className(values.get(0)) + " and " + className(values.get(1)))
                        + ", not a TaskInfo and a Collection of data points";
            }
            return null;
        }
        if (kind == EVENT_LOG) {
            if (values.size() < 4 || !(values.get(2) instanceof Long) || !(values.get(3) instanceof List)) {
                return from(stormId, sourceTask) + " on __eventlog has " + (values.size() < 4 ? values.size()
                        + " values" : className(values.get(2)) + " and " + className(values.get(3)))
                        + ", not a time (Long) and the tuple's values (List) as the third and fourth";
            }
            return null;
        }
        if (kind != OWN) {
            for (int i = 0; i < Math.min(2, expected); i++) {
                if (!(values.get(i) instanceof Long)) {
                    return from(stormId, sourceTask) + " on an acker stream has " + className(values.get(i))
                            + " as value " + i + ", not a Long";
                }
            }
            if (kind == ACK_INIT && expected > 2) {
                if (!(values.get(2) instanceof Integer spout)) {
                    return from(stormId, sourceTask) + " on __ack_init has " + className(values.get(2))
                            + " as value 2, not an Integer";
                }
                if (spout != sourceTask) {
                    return from(stormId, sourceTask) + " on __ack_init names spout task " + spout + ", not its own";
                }
            }
        }
        return null;
    }

    private static String from(String stormId, int task) {
        return "tuple from task " + task + " (" + TaskDirectory.componentOf(stormId, task) + ")";
    }

    private static String className(Object value) {
        return value == null ? "null" : value.getClass().getSimpleName();
    }
}
