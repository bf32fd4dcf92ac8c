package dev.fluxext.compression.guard;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each topology's {@link TopologyShape} in this JVM, registered by {@link GuardedCallback#of} when a worker binds:
 * which component each task belongs to, so that the tuples a worker sends and the frames it rejects (a deserializer
 * is told nothing about the sender) are charged to their sending component, and what each stream declares, for
 * {@link StreamFields}. The first registration of a topology wins: every worker of it has the same shape.
 */
public final class TaskDirectory {

    private static final Map<String, TopologyShape> TOPOLOGIES = new ConcurrentHashMap<>();

    private TaskDirectory() {
    }

    static void register(String stormId, TopologyShape shape) {
        if (stormId != null) {
            TOPOLOGIES.putIfAbsent(stormId, shape);
        }
    }

    /** The topology's shape, or null if no worker of it bound in this JVM. */
    static TopologyShape shape(String stormId) {
        return stormId == null ? null : TOPOLOGIES.get(stormId);
    }

    /**
     * The sending component of a serialized tuple: Storm's {@code KryoTupleSerializer} writes the source task as
     * the message's first varint.
     */
    public static String senderOf(String stormId, byte[] message) {
        long task = message == null ? -1 : FrameFormat.readVarInt(message, 0, message.length);
        return task < 0 ? CompressionMetrics.UNKNOWN_SENDER : componentOf(stormId, FrameFormat.varIntValue(task));
    }

    /** The component of {@code task}, or {@code (unknown sender)}. */
    public static String componentOf(String stormId, int task) {
        TopologyShape shape = shape(stormId);
        // Storm's system task (-1) never sends tuples of ours: not charged to __system.
        String component = shape == null || task < 0 ? null : shape.componentName(task);
        return component == null ? CompressionMetrics.UNKNOWN_SENDER : component;
    }
}
