package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.generated.ExecutorInfo;
import org.apache.storm.generated.ExecutorSpecificStats;
import org.apache.storm.generated.ExecutorStats;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.SpoutStats;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;

/** A run's progress report: a line per component, each within 100 columns, counts and rates as Storm reports them. */
class ProgressTest {

    private static final int COLUMNS = 100;

    private static TopologyView load(String resource) {
        return TopologyView.of(FluxLoader.load(new LoadOptions(resource, true, Optional.empty(), false, Map.of(),
                Map.of())).topology().orElseThrow());
    }

    /** Every component of {@code view} as Storm would report a spout that emitted and acked {@code count}. */
    private static TopologyInfo reporting(TopologyView view, int uptime, long count) {
        List<ExecutorSummary> executors = new ArrayList<>();
        int task = 1;
        for (TopologyView.Component c : view.components()) {
            Map<String, Map<String, Long>> allTime = Map.of(":all-time", Map.of("default", count));
            ExecutorStats stats = new ExecutorStats(allTime, allTime, ExecutorSpecificStats.spout(
                    new SpoutStats(allTime, Map.of(":all-time", Map.of("default", 0L)), Map.of())), 0);
            ExecutorSummary executor = new ExecutorSummary(new ExecutorInfo(task, task), c.id(), "localhost", 6700, 1);
            executor.set_stats(stats);
            executors.add(executor);
            task++;
        }
        return new TopologyInfo("id-1", view.name(), uptime, executors, "ACTIVE", Map.of());
    }

    @Test
    void aLinePerComponentWithinAHundredColumnsEvenWithTenDigitCounts() {
        TopologyView view = load("build/diamond.yaml");
        Progress progress = new Progress(view, 0);
        TopologyInfo first = reporting(view, 15, 1_234_567_890L);
        String report = progress.line(first, StormStats.of(view, first), 10_000_000_000L,
                CompressionFigures.progress(Map.of("A", new CompressionSnapshot("zstd", 10, 2, 9_000_000_000L,
                        3_000_000_000L, 0, 500)), Map.of("-> localhost:6701",
                        new BatchSnapshot(10, 400, 8_000_000_000L, 1_600_000_000L, 0, 0, 3))));
        List<String> lines = report.lines().toList();
        assertEquals(view.components().size() + 2, lines.size(), report);
        assertEquals("[  15s] spout-1: emitted 1234567890 acked 1234567890 failed 0 (123456789/s)", lines.get(0));
        // A is a bolt: its rate is what it executed, none here.
        assertEquals("        A:       emitted 1234567890 acked 1234567890 failed 0 (0/s)", lines.get(1));
        assertEquals("        compression: tuples 9000000000 -> 3000000000 bytes (0.33), 0 rejected",
                lines.get(lines.size() - 2));
        assertTrue(lines.get(lines.size() - 1).startsWith("        compression: batches 8000000000 -> 1600000000"),
                report);
        lines.forEach(line -> assertTrue(line.length() <= COLUMNS, line.length() + " columns: " + line));

        // The next report's rate covers only what happened since this one.
        TopologyInfo second = reporting(view, 20, 1_234_567_890L + 500);
        String next = progress.line(second, StormStats.of(view, second), 15_000_000_000L, "");
        assertTrue(next.startsWith("[  20s] spout-1: emitted 1234568390 acked 1234568390 failed 0 (100/s)\n"), next);
    }

    @Test
    void aLongIdShiftsItsOwnLineOnly() {
        TopologyView view = load("cli/long-ids.yaml");
        String report = new Progress(view, 0).line(null, ComponentStats.none(view), 1, "");
        List<String> lines = report.lines().toList();
        assertEquals("[   0s] a-spout-whose-id-is-long: emitted 0 acked 0 failed 0 (0/s)", lines.get(0));
        assertEquals("        short:                   emitted 0 acked 0 failed 0 (0/s)", lines.get(1));
        assertEquals("        a-bolt-whose-id-is-longer-than-the-column: emitted 0 acked 0 failed 0 (0/s)",
                lines.get(2));
    }
}
