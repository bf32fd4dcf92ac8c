package dev.fluxext.run.report;

import dev.fluxext.describe.TopologyView;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.generated.TopologyInfo;

/**
 * One component's totals since the topology started, as a local run's progress lines and summary give them
 * ({@link RunCounters}: Storm's figures, counted exactly; system streams left out).
 */
public record ComponentStats(String id, String type, long emitted, long transferred, long acked, long failed,
                             long executed, CompleteLatency latency) {

    /** Counts without latency samples (every bolt; a spout before anything was sampled). */
    public ComponentStats(String id, String type, long emitted, long transferred, long acked, long failed,
                          long executed) {
        this(id, type, emitted, transferred, acked, failed, executed, CompleteLatency.NONE);
    }

    /** The same counts without the latency, which Storm's own statistics give only as an average. */
    ComponentStats counts() {
        return new ComponentStats(id, type, emitted, transferred, acked, failed, executed);
    }

    static final String SPOUT = "spout";
    static final String BOLT = "bolt";

    /**
     * Every component of {@code view}, in its (flow) order, with zeros. Storm's own system components (ackers,
     * {@code __system}) are not in the view and not counted.
     */
    public static Map<String, ComponentStats> none(TopologyView view) {
        Map<String, ComponentStats> stats = new LinkedHashMap<>();
        view.components().forEach(c -> stats.put(c.id(),
            new ComponentStats(c.id(), c.isSpout() ? SPOUT : BOLT, 0, 0, 0, 0, 0)));
        return stats;
    }

    /** Distinct workers (host:port) the topology's executors run in. */
    static long workers(TopologyInfo info) {
        return info.get_executors().stream().map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
    }

    /** A spout's figures (else a bolt's). */
    public boolean isSpout() {
        return SPOUT.equals(type);
    }

    /** The figure a rate is computed from: what a spout emits, what a bolt executes. */
    long throughput() {
        return SPOUT.equals(type) ? emitted : executed;
    }
}
