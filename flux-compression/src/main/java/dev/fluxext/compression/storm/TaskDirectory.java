package dev.fluxext.compression.storm;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which component each task of a topology belongs to, filled by {@link FrameGuardContext} when a worker binds, so
 * that the tuples a worker sends and the frames it rejects (a deserializer is told nothing about the sender) are
 * charged to their sending component.
 */
final class TaskDirectory {

    /** Per topology, component by task id: an array, so that a lookup on the send path boxes no Integer. */
    private static final Map<String, String[]> TOPOLOGIES = new ConcurrentHashMap<>();

    private TaskDirectory() {
    }

    static void register(String stormId, Map<Integer, String> taskToComponent) {
        if (stormId != null) {
            TOPOLOGIES.computeIfAbsent(stormId, id -> byTask(taskToComponent));
        }
    }

    private static String[] byTask(Map<Integer, String> taskToComponent) {
        // Storm numbers tasks from 1; its system task (-1) never sends tuples of ours.
        int max = taskToComponent.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        String[] components = new String[Math.max(max, 0) + 1];
        taskToComponent.forEach((task, component) -> {
            if (task >= 0) {
                components[task] = component;
            }
        });
        return components;
    }

    /**
     * The sending component of a serialized tuple: Storm's {@code KryoTupleSerializer} writes the source task as
     * the message's first varint.
     */
    static String senderOf(String stormId, byte[] message) {
        long task = message == null ? -1 : FrameFormat.readVarInt(message, 0, message.length);
        return task < 0 ? CompressionMetrics.UNKNOWN_SENDER : componentOf(stormId, FrameFormat.varIntValue(task));
    }

    /** The component of {@code task}, or {@code (unknown sender)}. */
    static String componentOf(String stormId, int task) {
        String[] tasks = stormId == null ? null : TOPOLOGIES.get(stormId);
        String component = tasks == null || task < 0 || task >= tasks.length ? null : tasks[task];
        return component == null ? CompressionMetrics.UNKNOWN_SENDER : component;
    }
}
