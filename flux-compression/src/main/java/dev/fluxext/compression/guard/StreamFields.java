package dev.fluxext.compression.guard;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.guard.TopologyShape.StreamKind;
import java.util.Collection;
import java.util.List;
import org.apache.storm.metric.api.IMetricsConsumer;

/**
 * Whether a received tuple's values fit its stream, from each topology's {@link TopologyShape} (in the
 * {@link TaskDirectory}), so that the serializer can turn away a tuple that does not before
 * Storm builds it. Storm does not check that on receipt: in local mode building the tuple throws in the Netty thread,
 * whose handler then ends the worker; on a cluster the tuple is delivered, and a consumer reading a field the tuple
 * lacks throws in its executor, which ends the worker too. Storm's acker, the spouts' executors, its metrics
 * consumer bolt and its event logger also cast the values of Storm's own streams: those are checked for their
 * classes as well (a user's bolt casting its input is the user's to guard), and the streams of each worker's timers,
 * which never cross between workers, are refused outright.
 */
public final class StreamFields {

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
    public static boolean receiving() {
        return RECEIVING.get()[0];
    }

    /**
     * What is wrong with {@code values} for the tuple {@code message} holds (source task and stream index first, as
     * Storm's {@code KryoTupleSerializer} writes them), or null: too few for the fields its stream declares, or, in
     * local mode, any other number; on Storm's acker, metrics and event-log streams, values of other classes than
     * Storm's acker, executors, metrics consumer and event logger cast them to (they would end the worker), or an
     * {@code __ack_init} naming another spout task than its sender (the acker answers that task); any tuple on a
     * stream of a worker's own timers. Null also when the topology or the task is unknown here.
     */
    public static String problem(String stormId, byte[] message, List<Object> values) {
        TopologyShape shape = TaskDirectory.shape(stormId);
        if (shape == null || message == null) {
            return null;
        }
        long task = FrameFormat.readVarInt(message, 0, message.length);
        long stream = task == -1 ? -1 : FrameFormat.readVarInt(message, FrameFormat.varIntEnd(task), message.length);
        int sourceTask = FrameFormat.varIntValue(task);
        int number = FrameFormat.varIntValue(stream);
        int expected = stream == -1 ? -1 : shape.fields(sourceTask, number);
        if (expected < 0) {
            return null; // the header check turns such a message away before the values are read
        }
        if (values.size() < expected || (shape.exact() && values.size() != expected)) {
            return from(stormId, sourceTask) + " has " + values.size() + " values, its stream declares " + expected
                    + " fields";
        }
        StreamKind kind = shape.kind(sourceTask, number);
        return switch (kind) {
            case OWN -> null;
            case WORKER_LOCAL -> from(stormId, sourceTask) + " on a stream of Storm's that never leaves a worker (its"
                    + " timers' ticks and flushes)";
            case METRICS -> values.size() >= 2 && values.get(0) instanceof IMetricsConsumer.TaskInfo
                    && values.get(1) instanceof Collection ? null : from(stormId, sourceTask) + " on __metrics has "
                    + (values.size() < 2 ? values.size() + " values" : className(values.get(0)) + " and "
                    + className(values.get(1))) + ", not a TaskInfo and a Collection of data points";
            case EVENT_LOG -> values.size() >= 4 && values.get(2) instanceof Long && values.get(3) instanceof List
                    ? null : from(stormId, sourceTask) + " on __eventlog has " + (values.size() < 4 ? values.size()
                    + " values" : className(values.get(2)) + " and " + className(values.get(3)))
                    + ", not a time (Long) and the tuple's values (List) as the third and fourth";
            case ACK_INIT, ACKER -> ackerProblem(stormId, sourceTask, kind, expected, values);
        };
    }

    private static String ackerProblem(String stormId, int sourceTask, StreamKind kind, int expected,
                                       List<Object> values) {
        for (int i = 0; i < Math.min(2, expected); i++) {
            if (!(values.get(i) instanceof Long)) {
                return from(stormId, sourceTask) + " on an acker stream has " + className(values.get(i)) + " as value "
                        + i + ", not a Long";
            }
        }
        if (kind == StreamKind.ACK_INIT && expected > 2) {
            if (!(values.get(2) instanceof Integer spout)) {
                return from(stormId, sourceTask) + " on __ack_init has " + className(values.get(2))
                        + " as value 2, not an Integer";
            }
            if (spout != sourceTask) {
                return from(stormId, sourceTask) + " on __ack_init names spout task " + spout + ", not its own";
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
