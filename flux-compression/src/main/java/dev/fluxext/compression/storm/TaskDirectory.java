package dev.fluxext.compression.storm;

import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which component each task of a topology belongs to, filled by {@link CompressionMetricsHook} so that a receiving
 * deserializer (which is told nothing about the sender) can charge a rejected frame to the component that sent it.
 */
final class TaskDirectory {

    private static final Map<String, Map<Integer, String>> TOPOLOGIES = new ConcurrentHashMap<>();

    private TaskDirectory() {
    }

    static void register(String stormId, Map<Integer, String> taskToComponent) {
        if (stormId != null) {
            TOPOLOGIES.putIfAbsent(stormId, Map.copyOf(taskToComponent));
        }
    }

    /**
     * The sending component of a serialized tuple: Storm's {@code KryoTupleSerializer} writes the source task as
     * the message's first varint.
     */
    static String senderOf(String stormId, byte[] message) {
        long task = message == null ? -1 : WireCounter.readVarInt(message, 0);
        return task < 0 ? CompressionMetrics.UNKNOWN_SENDER : componentOf(stormId, WireCounter.value(task));
    }

    /** The component of {@code task}, or {@code (unknown sender)}. */
    static String componentOf(String stormId, int task) {
        Map<Integer, String> tasks = stormId == null ? null : TOPOLOGIES.get(stormId);
        String component = tasks == null ? null : tasks.get(task);
        return component == null ? CompressionMetrics.UNKNOWN_SENDER : component;
    }
}
