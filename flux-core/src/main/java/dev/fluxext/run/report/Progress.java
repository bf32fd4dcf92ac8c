package dev.fluxext.run.report;

import dev.fluxext.describe.TopologyView;
import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.storm.generated.TopologyInfo;

/**
 * Formats one progress report: a line per component (its totals and its rate since the previous report), the
 * first one stamped with the uptime, the others indented under it, so that each line stays within ~100 columns
 * however many components the topology has; then the compression totals, if any, each on a line of its own.
 */
public final class Progress {

    /** Longer ids are not padded further: the line stays readable, the columns shift for that component only. */
    private static final int MAX_ID_WIDTH = 24;

    private final TopologyView view;
    private final Map<String, Long> previousThroughput = new HashMap<>();
    private final Map<String, CompleteLatency> previousLatency = new HashMap<>();
    private final int idWidth;
    private long previousNanos;

    /** {@code startNanos}: when the topology was submitted, so the first report's rates cover the start. */
    public Progress(TopologyView view, long startNanos) {
        this.view = view;
        this.previousNanos = startNanos;
        this.idWidth = Math.min(MAX_ID_WIDTH,
                view.components().stream().mapToInt(c -> c.id().length() + 1).max().orElse(1));
    }

    /**
     * E.g. <pre>
     * [  15s] sentences: emitted 300 acked 280 failed 0 (20/s) latency 4.2 ms
     *         split:     emitted 2100 acked 2000 failed 0 (140/s)
     *         compression: tuples 80000 -> 16000 bytes (0.20), 0 rejected</pre>
     * A spout's latency is the mean complete latency of the tuples Storm sampled since the previous report, shown
     * when there are any.
     * {@code figures}: {@link CompressionFigures#progress}'s {@code " | "}-separated totals, or empty.
     */
    /** E.g. {@code [   2s] waiting for 2 workers to start (1 of 2 up)}: a step of the start ({@link StartState}). */
    public String state(TopologyInfo info, String text) {
        return stamp(info) + text;
    }

    public String line(TopologyInfo info, Map<String, ComponentStats> stats, long nanos, String figures) {
        double seconds = (nanos - previousNanos) / 1e9;
        String stamp = stamp(info);
        String indent = " ".repeat(stamp.length());
        StringJoiner report = new StringJoiner("\n");
        for (ComponentStats s : stats.values()) {
            long delta = s.throughput() - previousThroughput.getOrDefault(s.id(), 0L);
            String rate = seconds > 0 ? String.format(" (%.0f/s)", delta / seconds) : "";
            CompleteLatency latency = s.latency().since(previousLatency.getOrDefault(s.id(), CompleteLatency.NONE));
            String latencyText = latency.samples() > 0 ? String.format(" latency %.1f ms", latency.meanMs()) : "";
            report.add(String.format("%s%-" + idWidth + "s emitted %d acked %d failed %d%s%s",
                    report.length() == 0 ? stamp : indent, s.id() + ":", s.emitted(), s.acked(), s.failed(), rate,
                    latencyText));
            previousThroughput.put(s.id(), s.throughput());
            previousLatency.put(s.id(), s.latency());
        }
        if (report.length() == 0) {
            report.add(stamp.strip());
        }
        for (String part : figures.split(" \\| ")) {
            if (!part.isBlank()) {
                report.add(indent + "compression: " + part.strip());
            }
        }
        previousNanos = nanos;
        return report.toString();
    }

    /** Storm's uptime of the topology: seconds since its submission. */
    private static String stamp(TopologyInfo info) {
        return String.format("[%4ds] ", info == null ? 0 : info.get_uptime_secs());
    }
}
