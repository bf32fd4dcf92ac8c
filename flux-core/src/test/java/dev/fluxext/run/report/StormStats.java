package dev.fluxext.run.report;

import dev.fluxext.describe.TopologyView;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.storm.generated.BoltStats;
import org.apache.storm.generated.ExecutorStats;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.SpoutStats;
import org.apache.storm.generated.TopologyInfo;

/**
 * Storm's own statistics of a topology per component, summed over its executors from Nimbus's
 * {@code getTopologyInfo} (all-time totals, system streams left out, as Storm UI shows them): what
 * {@link RunCounters} must equal when Storm samples every tuple.
 */
final class StormStats {

    private static final String ALL_TIME = ":all-time";
    private static final Predicate<String> USER_STREAM = stream -> !stream.startsWith("__");

    private StormStats() {
    }

    static Map<String, ComponentStats> of(TopologyView view, TopologyInfo info) {
        Map<String, ComponentStats> stats = ComponentStats.none(view);
        for (ExecutorSummary executor : info.get_executors()) {
            stats.computeIfPresent(executor.get_component_id(), (id, sum) -> plus(sum, executor.get_stats()));
        }
        return stats;
    }

    private static ComponentStats plus(ComponentStats sum, ExecutorStats stats) {
        if (stats == null) {
            return sum;
        }
        long acked = 0;
        long failed = 0;
        long executed = 0;
        if (stats.get_specific().is_set_spout()) {
            SpoutStats spout = stats.get_specific().get_spout();
            acked = sum(spout.get_acked());
            failed = sum(spout.get_failed());
        } else if (stats.get_specific().is_set_bolt()) {
            BoltStats bolt = stats.get_specific().get_bolt();
            acked = sumByStreamId(bolt.get_acked());
            failed = sumByStreamId(bolt.get_failed());
            executed = sumByStreamId(bolt.get_executed());
        }
        return new ComponentStats(sum.id(), sum.type(), sum.emitted() + sum(stats.get_emitted()),
            sum.transferred() + sum(stats.get_transferred()), sum.acked() + acked, sum.failed() + failed,
            sum.executed() + executed);
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
}
