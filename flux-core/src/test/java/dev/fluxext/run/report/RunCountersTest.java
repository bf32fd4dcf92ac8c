package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.Config;
import org.junit.jupiter.api.Test;

/** A local run's own counters and the progress line made from them (the cluster side: {@link RunCountersIT}). */
class RunCountersTest {

    /** words (spout) -> count -> total, the CLI tests' word count (cli.TestTopologies). */
    private static TopologyView words() {
        LoadedTopology loaded = FluxLoader.load(new LoadOptions("dev/fluxext/cli/loader/words.yaml", true,
            Optional.empty(), false, Map.of(), Map.of())).topology().orElseThrow();
        return TopologyView.of(loaded);
    }

    @Test
    void installAddsTheHookAfterTheTopologysOwnAndLeavesStormsSamplingAlone() {
        Map<String, Object> conf = new HashMap<>(Map.of(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of("my.Hook"),
            Config.TOPOLOGY_STATS_SAMPLE_RATE, 0.05));
        try (RunCounters run = RunCounters.install(conf)) {
            assertEquals(List.of("my.Hook", CountingHook.class.getName()), conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS));
            assertEquals(0.05, conf.get(Config.TOPOLOGY_STATS_SAMPLE_RATE));
            assertTrue(conf.get(RunCounters.RUN_KEY) instanceof String);
        }
        Map<String, Object> bare = new HashMap<>();
        try (RunCounters run = RunCounters.install(bare)) {
            assertEquals(List.of(CountingHook.class.getName()), bare.get(Config.TOPOLOGY_AUTO_TASK_HOOKS));
            assertFalse(bare.containsKey(Config.TOPOLOGY_STATS_SAMPLE_RATE));
        }
    }

    @Test
    void tasksOfAComponentAddUpAndSystemTrafficIsLeftOut() {
        TopologyView view = words();
        Map<String, Object> conf = new HashMap<>();
        try (RunCounters run = RunCounters.install(conf)) {
            Object id = conf.get(RunCounters.RUN_KEY);
            RunCounters.TaskCounts spout1 = RunCounters.forTask(id, "words", true, 6700);
            RunCounters.TaskCounts spout2 = RunCounters.forTask(id, "words", true, 6700);
            RunCounters.TaskCounts count = RunCounters.forTask(id, "count", true, 6700);
            assertNull(RunCounters.forTask(id, "__acker", true, 6700), "Storm's system components are not counted");
            spout1.emitted("default", 1);
            spout1.emitted("__ack_init", 1);
            spout2.emitted("default", 1);
            spout2.emitted("default", 0); // direct, to no consumer
            spout1.spoutAcked(null);
            spout2.spoutFailed();
            count.boltExecuted("words", "default");
            count.boltExecuted("__system", "__tick");
            count.boltExecuted("words", "__metrics");
            count.emitted("default", 2);
            count.boltAcked("words", "default");
            count.boltAcked("__system", "__tick");
            count.boltFailed("words", "default");

            Map<String, ComponentStats> stats = run.stats(view);
            assertEquals(List.of("words", "count", "total"), List.copyOf(stats.keySet()));
            assertEquals(new ComponentStats("words", "spout", 3, 2, 1, 1, 0), stats.get("words"));
            assertEquals(new ComponentStats("count", "bolt", 1, 2, 1, 1, 1), stats.get("count"));
            assertEquals(new ComponentStats("total", "bolt", 0, 0, 0, 0, 0), stats.get("total"));
        }
    }

    @Test
    void spoutAcksCountOnlyWithAckersAsStormCountsThem() {
        Map<String, Object> conf = new HashMap<>();
        try (RunCounters run = RunCounters.install(conf)) {
            RunCounters.TaskCounts spout = RunCounters.forTask(conf.get(RunCounters.RUN_KEY), "words", false, 6700);
            spout.emitted("default", 1);
            spout.spoutAcked(7L); // without ackers Storm acks on emit and counts nothing
            assertEquals(new ComponentStats("words", "spout", 1, 1, 0, 0, 0), run.stats(words()).get("words"));
        }
    }

    @Test
    void aClosedOrUnknownRunHandsOutNoCounters() {
        Map<String, Object> conf = new HashMap<>();
        RunCounters run = RunCounters.install(conf);
        run.close();
        assertNull(RunCounters.forTask(conf.get(RunCounters.RUN_KEY), "words", true, 6700));
        assertNull(RunCounters.forTask("no such run", "words", true, 6700));
        assertNull(RunCounters.forTask(null, "words", true, 6700));
    }

    @Test
    void aDirectEmitToNoConsumerTransfersNothing() {
        assertEquals(0, CountingHook.targets(Collections.singletonList(null)));
        assertEquals(1, CountingHook.targets(Collections.singletonList(7)));
        assertEquals(3, CountingHook.targets(new ArrayList<>(Arrays.asList(1, 2, 3))));
        assertEquals(0, CountingHook.targets(List.of()));
    }

    @Test
    void progressShowsTheCountersTotalsAndTheirRateSinceTheLastLine() {
        TopologyView view = words();
        Map<String, Object> conf = new HashMap<>();
        try (RunCounters run = RunCounters.install(conf)) {
            Object id = conf.get(RunCounters.RUN_KEY);
            RunCounters.TaskCounts spout = RunCounters.forTask(id, "words", true, 6700);
            RunCounters.TaskCounts count = RunCounters.forTask(id, "count", true, 6700);
            Progress progress = new Progress(view, 0);
            for (int i = 0; i < 30; i++) {
                spout.emitted("default", 1);
                count.boltExecuted("words", "default");
            }
            spout.spoutAcked(null);
            String first = progress.line(null, run.stats(view), 2_000_000_000L, "");
            List<String> lines = first.lines().toList();
            assertEquals("[   0s] words: emitted 30 acked 1 failed 0 (15/s)", lines.get(0), first);
            assertEquals("        count: emitted 0 acked 0 failed 0 (15/s)", lines.get(1), first);
            assertTrue(lines.get(2).startsWith("        total: "), first);
            for (int i = 0; i < 10; i++) {
                spout.emitted("default", 1);
            }
            String second = progress.line(null, run.stats(view), 4_000_000_000L, "");
            assertTrue(second.contains("words: emitted 40 acked 1 failed 0 (5/s)"), second);
            assertTrue(second.contains("count: emitted 0 acked 0 failed 0 (0/s)"), second);
        }
    }

    @Test
    void latencyIsTheMeanOfStormsSampledTuplesSinceTheLastLine() {
        TopologyView view = words();
        Map<String, Object> conf = new HashMap<>();
        try (RunCounters run = RunCounters.install(conf)) {
            RunCounters.TaskCounts spout = RunCounters.forTask(conf.get(RunCounters.RUN_KEY), "words", true, 6700);
            Progress progress = new Progress(view, 0);
            spout.spoutAcked(4L);
            spout.spoutAcked(null); // not sampled: counted, not timed
            spout.spoutAcked(8L);
            assertEquals(new CompleteLatency(2, 12), run.stats(view).get("words").latency());
            String first = progress.line(null, run.stats(view), 1_000_000_000L, "");
            assertTrue(first.lines().findFirst().orElseThrow().endsWith("acked 3 failed 0 (0/s) latency 6.0 ms"), first);
            spout.spoutAcked(30L);
            String second = progress.line(null, run.stats(view), 2_000_000_000L, "");
            assertTrue(second.lines().findFirst().orElseThrow().endsWith("latency 30.0 ms"), second);
            spout.spoutAcked(null);
            String third = progress.line(null, run.stats(view), 3_000_000_000L, "");
            assertFalse(third.contains("latency"), "no sample since the last line, no latency: " + third);
            Map<?, ?> words = (Map<?, ?>) ((Map<?, ?>) SummaryJson.document("words", 3, run.stats(view), Map.of(),
                Map.of()).get("components")).get("words");
            assertEquals(14.0, words.get("completeLatencyMs"));
            assertEquals(3L, words.get("latencySamples"));
        }
    }
}
