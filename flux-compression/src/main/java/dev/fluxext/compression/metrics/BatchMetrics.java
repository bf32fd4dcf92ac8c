package dev.fluxext.compression.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * JVM-wide batch-compression counters keyed by connection: {@code worker:port -> host:port} for what a worker sent,
 * {@code -> :port} for what the worker listening on that port received (rejections). On a cluster a worker is one
 * JVM, so these are its figures; in a local run they cover every worker of the run.
 */
public final class BatchMetrics {

    private static final ConcurrentHashMap<String, BatchCounters> COUNTERS = new ConcurrentHashMap<>();

    private BatchMetrics() {
    }

    public static BatchCounters counters(String connection) {
        return COUNTERS.computeIfAbsent(connection, c -> new BatchCounters());
    }

    /** Every connection's figures now, sorted by name. */
    public static Map<String, BatchSnapshot> snapshot() {
        Map<String, BatchSnapshot> out = new TreeMap<>();
        COUNTERS.forEach((c, counters) -> out.put(c, counters.snapshot()));
        return out;
    }

    /** Forgets every counter: for a new local run in the same JVM, and for tests. */
    public static void reset() {
        COUNTERS.clear();
    }
}
