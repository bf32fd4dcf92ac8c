package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.compression.storm.FreePorts;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A local run's own counters against Storm's statistics on a real 2-worker cluster whose topology samples every
 * tuple ({@code counts.yaml}): once the spout is deactivated and the last trees have completed, every figure of
 * every component is equal.
 */
class RunCountersIT {

    @Test
    @Timeout(120)
    void ourCountsEqualStormsWhenStormSamplesEveryTuple() throws Exception {
        LoadedTopology topology = FluxLoader.load(LoadOptions.of(Fixtures.DIR + "dev/fluxext/run/report/counts.yaml"))
            .topology().orElseThrow();
        TopologyView view = TopologyView.of(topology);
        Map<String, Object> conf = new HashMap<>(topology.config());
        try (RunCounters counters = RunCounters.install(conf);
             LocalCluster cluster = new LocalCluster.Builder().withSupervisors(1).withPortsPerSupervisor(2)
                 .withSupervisorSlotPortMin(FreePorts.consecutive(2))
                 .withDaemonConf(Config.STORM_LOCAL_MODE_ZMQ, true)
                 .withDaemonConf(Config.EXECUTOR_METRICS_FREQUENCY_SECS, 1).build()) {
            cluster.submitTopology(topology.name(), conf, topology.topology());
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (counters.stats(view).get("numbers").failed() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            cluster.deactivate(topology.name());

            // Storm's figures reach Nimbus once a second: equal, and ours unchanged since the last look, is the end.
            Map<String, ComponentStats> ours = counters.stats(view);
            Map<String, ComponentStats> storms = StormStats.of(view, cluster.getTopologyInfoByName(topology.name()));
            Map<String, ComponentStats> before = null;
            while (!(counts(ours).equals(storms) && ours.equals(before)) && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                before = ours;
                ours = counters.stats(view);
                storms = StormStats.of(view, cluster.getTopologyInfoByName(topology.name()));
            }
            assertEquals(storms, counts(ours));
            // At sampling rate 1.0 Storm times every acked tuple.
            assertEquals(ours.get("numbers").acked(), ours.get("numbers").latency().samples(), ours.toString());

            // n numbers (every tree completed); each tenth also went direct, untracked, to one sink task; both
            // checks got every number and failed each seventh.
            ComponentStats numbers = ours.get("numbers");
            ComponentStats check = ours.get("check");
            ComponentStats sink = ours.get("sink");
            long n = numbers.acked() + numbers.failed();
            assertTrue(n > 0 && numbers.failed() >= 10, ours.toString());
            assertEquals(n + (n + 9) / 10, numbers.emitted(), ours.toString());
            assertEquals(2 * n + (n + 9) / 10, numbers.transferred(), ours.toString());
            assertEquals((n + 6) / 7, numbers.failed(), ours.toString());
            assertEquals(2 * n, check.executed(), ours.toString());
            assertEquals(2 * numbers.failed(), check.failed(), ours.toString());
            assertEquals(check.executed() - check.failed(), check.acked(), ours.toString());
            assertEquals(check.acked() + (n + 9) / 10, sink.executed(), ours.toString());
            assertEquals(sink.executed(), sink.acked(), ours.toString());
        }
    }

    private static Map<String, ComponentStats> counts(Map<String, ComponentStats> stats) {
        Map<String, ComponentStats> counts = new LinkedHashMap<>();
        stats.forEach((id, s) -> counts.put(id, s.counts()));
        return counts;
    }
}
