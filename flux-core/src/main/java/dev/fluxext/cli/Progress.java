package dev.fluxext.cli;

import dev.fluxext.describe.TopologyView;
import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.apache.storm.generated.TopologyInfo;

/** Formats one progress line per report: per component its totals and its rate since the previous line. */
final class Progress {

    private final TopologyView view;
    private final Map<String, Long> previousThroughput = new HashMap<>();
    private long previousNanos;

    /** {@code startNanos}: when the topology was submitted, so the first line's rate covers the start. */
    Progress(TopologyView view, long startNanos) {
        this.view = view;
        this.previousNanos = startNanos;
    }

    /** E.g. {@code [ 15s] sentences: emitted 300 acked 280 failed 0 (20/s) | split: emitted 2100 ... (140/s)}. */
    String line(TopologyInfo info, Map<String, ComponentStats> stats, long nanos) {
        double seconds = (nanos - previousNanos) / 1e9;
        StringJoiner line = new StringJoiner(" | ",
            String.format("[%4ds] ", info == null ? 0 : info.get_uptime_secs()), "");
        for (ComponentStats s : stats.values()) {
            long delta = s.throughput() - previousThroughput.getOrDefault(s.id(), 0L);
            String rate = seconds > 0 ? String.format(" (%.0f/s)", delta / seconds) : "";
            line.add(String.format("%s: emitted %d acked %d failed %d%s", s.id(), s.emitted(), s.acked(), s.failed(), rate));
            previousThroughput.put(s.id(), s.throughput());
        }
        previousNanos = nanos;
        return line.toString();
    }
}
