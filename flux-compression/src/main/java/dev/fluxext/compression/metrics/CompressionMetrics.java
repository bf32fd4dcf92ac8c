package dev.fluxext.compression.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JVM-wide compression counters, keyed by component id ({@code fluxext.component.id}). A worker is one JVM on a
 * cluster, so there these are the worker's figures; in a local run they cover every worker of the run.
 */
public final class CompressionMetrics {

    /** Where tuples of serializers without a component id are counted. */
    public static final String NO_COMPONENT = "(no component id)";
    /** Where rejected frames are counted when their sender cannot be told. */
    public static final String UNKNOWN_SENDER = "(unknown sender)";

    private static final ConcurrentHashMap<String, ComponentCounters> COUNTERS = new ConcurrentHashMap<>();
    /** Counts {@link #reset}s, so that what keeps counters for a hot path knows when to look them up again. */
    private static volatile int generation;

    private CompressionMetrics() {
    }

    /** The counters of a component whose serializer uses {@code codec}; created on first use. */
    public static ComponentCounters forSender(String componentId, String codec) {
        ComponentCounters c = COUNTERS.computeIfAbsent(componentId, id -> new ComponentCounters(codec));
        c.codec(codec);
        return c;
    }

    /** The counters a receiver charges a rejected frame to; does not change the component's codec. */
    public static ComponentCounters forRejection(String componentId) {
        return COUNTERS.computeIfAbsent(componentId, id -> new ComponentCounters(""));
    }

    /** The counters of {@code componentId}, creating them empty: for gauges registered before any tuple. */
    public static ComponentCounters counters(String componentId) {
        return forRejection(componentId);
    }

    /** Every component's figures now, sorted by component id. */
    public static Map<String, CompressionSnapshot> snapshot() {
        Map<String, CompressionSnapshot> out = new TreeMap<>();
        COUNTERS.forEach((id, c) -> out.put(id, c.snapshot()));
        return out;
    }

    /** Forgets every counter: for a new local run in the same JVM, and for tests. */
    public static synchronized void reset() {
        COUNTERS.clear();
        generation++;
    }

    /** Changes with every {@link #reset}: counters obtained before a change are no longer reported. */
    public static int generation() {
        return generation;
    }
}
