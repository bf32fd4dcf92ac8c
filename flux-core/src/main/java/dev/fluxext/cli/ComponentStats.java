package dev.fluxext.cli;

import dev.fluxext.describe.TopologyView;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.storm.generated.BoltStats;
import org.apache.storm.generated.ExecutorStats;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.SpoutStats;
import org.apache.storm.generated.TopologyInfo;

/**
 * One component's totals since the topology started, summed over its executors from Nimbus's
 * {@code getTopologyInfo} (Storm's own statistics, as Storm UI shows them; system streams left out).
 */
record ComponentStats(String id, String type, long emitted, long transferred, long acked, long failed, long executed) {

    private static final String ALL_TIME = ":all-time";
    private static final Predicate<String> USER_STREAM = stream -> !stream.startsWith("__");

    static final String SPOUT = "spout";
    static final String BOLT = "bolt";

    /**
     * Every component of {@code view}, in its (flow) order, with what Storm reports for it; zeros until it reports.
     * Storm's own system components (ackers, {@code __system}) are not in the view and not counted.
     */
    static Map<String, ComponentStats> of(TopologyView view, TopologyInfo info) {
        Map<String, ComponentStats> stats = new LinkedHashMap<>();
        view.components().forEach(c -> stats.put(c.id(), zero(c.id(), c.isSpout() ? SPOUT : BOLT)));
        if (info != null) {
            for (ExecutorSummary executor : info.get_executors()) {
                stats.computeIfPresent(executor.get_component_id(), (id, sum) -> sum.plus(executor.get_stats()));
            }
        }
        return stats;
    }

    /** Distinct workers (host:port) the topology's executors run in. */
    static long workers(TopologyInfo info) {
        return info.get_executors().stream().map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
    }

    private static ComponentStats zero(String id, String type) {
        return new ComponentStats(id, type, 0, 0, 0, 0, 0);
    }

    private ComponentStats plus(ExecutorStats stats) {
        if (stats == null) {
            return this;
        }
        long addAcked = 0;
        long addFailed = 0;
        long addExecuted = 0;
        if (stats.get_specific().is_set_spout()) {
            SpoutStats spout = stats.get_specific().get_spout();
            addAcked = sum(spout.get_acked());
            addFailed = sum(spout.get_failed());
        } else if (stats.get_specific().is_set_bolt()) {
            BoltStats bolt = stats.get_specific().get_bolt();
            addAcked = sumByStreamId(bolt.get_acked());
            addFailed = sumByStreamId(bolt.get_failed());
            addExecuted = sumByStreamId(bolt.get_executed());
        }
        return new ComponentStats(id, type, emitted + sum(stats.get_emitted()),
            transferred + sum(stats.get_transferred()), acked + addAcked, failed + addFailed, executed + addExecuted);
    }

    private static long sum(Map<String, Map<String, Long>> byWindow) {
        Map<String, Long> byStream = byWindow == null ? null : byWindow.get(ALL_TIME);
        if (byStream == null) {
            return 0;
        }
        return byStream.entrySet().stream().filter(e -> USER_STREAM.test(e.getKey()))
            .mapToLong(Map.Entry::getValue).sum();
    }

    private static long sumByStreamId(Map<String, Map<GlobalStreamId, Long>> byWindow) {
        Map<GlobalStreamId, Long> byStream = byWindow == null ? null : byWindow.get(ALL_TIME);
        if (byStream == null) {
            return 0;
        }
        return byStream.entrySet().stream()
            .filter(e -> USER_STREAM.test(e.getKey().get_streamId()) && USER_STREAM.test(e.getKey().get_componentId()))
            .mapToLong(Map.Entry::getValue).sum();
    }

    /** The figure a rate is computed from: what a spout emits, what a bolt executes. */
    long throughput() {
        return SPOUT.equals(type) ? emitted : executed;
    }
}
