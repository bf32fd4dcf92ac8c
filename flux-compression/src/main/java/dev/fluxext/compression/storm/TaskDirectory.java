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
        Map<Integer, String> tasks = stormId == null ? null : TOPOLOGIES.get(stormId);
        if (tasks == null || message == null) {
            return CompressionMetrics.UNKNOWN_SENDER;
        }
        int task = 0;
        for (int i = 0, shift = 0; i < 5 && i < message.length; i++, shift += 7) {
            int b = message[i];
            task |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return tasks.getOrDefault(task, CompressionMetrics.UNKNOWN_SENDER);
            }
        }
        return CompressionMetrics.UNKNOWN_SENDER;
    }
}
