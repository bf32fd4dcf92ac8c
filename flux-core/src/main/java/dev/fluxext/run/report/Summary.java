package dev.fluxext.run.report;

import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.TopologyInfo;

/**
 * The summary a local run prints at its end: the components' totals ({@link RunCounters}), the compression figures
 * ({@link CompressionFigures}), and one line per component that reported an error to Storm. The lines that name the
 * topology take the name as printed ({@code shownName}: values from the environment masked), never the one Storm
 * uses.
 */
public final class Summary {

    private Summary() {
    }

    public static String header(String shownName, long uptimeSecs, TopologyInfo info) {
        return "Summary of '" + shownName + "' after " + uptimeSecs + " s"
            + (info == null ? "" : " in " + ComponentStats.workers(info) + " worker(s)") + ":";
    }

    /** The header, a table of the components' totals, then the per-tuple and batch compression figures. */
    public static void print(PrintWriter out, String shownName, long uptimeSecs, TopologyInfo info,
                             Map<String, ComponentStats> stats, Map<String, CompressionSnapshot> compression,
                             Map<String, BatchSnapshot> batches) {
        out.printf("%n%s%n", header(shownName, uptimeSecs, info));
        out.printf("  %-24s %-6s %12s %12s %12s %12s %12s%n", "component", "type", "emitted", "transferred", "acked",
            "failed", "executed");
        stats.values().forEach(s -> out.printf("  %-24s %-6s %12d %12d %12d %12d %12d%n", s.id(), s.type(), s.emitted(),
            s.transferred(), s.acked(), s.failed(), s.executed()));
        // Every spout and bolt has figures (CompressionFigures); one known only from a frame rejected on receipt
        // has no codec here.
        compression.forEach((id, c) -> out.printf("  compression %s%s: %d of %d tuples compressed, %d -> %d bytes "
            + "(%.0f %%), %d frames rejected%n", id, c.codec().isEmpty() ? "" : " (" + c.codec() + ")",
            c.tuplesCompressed(), c.tuplesCompressed() + c.tuplesRaw(), c.bytesIn(), c.bytesOut(),
            c.bytesIn() == 0 ? 100.0 : 100.0 * c.bytesOut() / c.bytesIn(), c.rejected()));
        // Connections that only received count nothing here: no line of zeros for them.
        batches.forEach((connection, b) -> {
            if (b.batches() > 0 || b.rejected() > 0) {
                out.printf("  batch compression %s: %d messages in %d batches, %d -> %d bytes (%.0f %%), %d batches "
                    + "rejected, %d sent raw without the codec%n", connection, b.messages(), b.batches(),
                    b.bytesBefore(), b.bytesAfter(), 100.0 * b.ratio(), b.rejected(), b.skipped());
            }
        });
        out.flush();
    }

    /**
     * One line per component that reported an error to Storm (an exception out of its open, prepare, nextTuple or
     * execute, or its collector's reportError), naming it and giving the error's own message and its root cause;
     * the stack trace stays in Storm's log.
     */
    public static List<String> componentErrors(TopologyInfo info) {
        List<String> lines = new ArrayList<>();
        if (info == null || info.get_errors() == null) {
            return lines;
        }
        new TreeMap<>(info.get_errors()).forEach((component, errors) -> {
            if (errors != null && !errors.isEmpty()) {
                ErrorInfo last = errors.stream().max(Comparator.comparingInt(ErrorInfo::get_error_time_secs))
                    .orElseThrow();
                lines.add("flux: component '" + component + "' reported an error: " + firstAndCause(last.get_error())
                    + (errors.size() > 1 ? " (" + errors.size() + " errors reported; the last one)" : ""));
            }
        });
        return lines;
    }

    /** The first line of Storm's stringified error and, if different, the last "Caused by:" line. */
    private static String firstAndCause(String error) {
        List<String> lines = error.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            return "(no message)";
        }
        String first = lines.get(0);
        String cause = lines.stream().filter(l -> l.startsWith("Caused by: ")).reduce((a, b) -> b)
            .map(l -> l.substring("Caused by: ".length())).orElse(first);
        return first.contains(cause) ? first : first + "; caused by " + cause;
    }
}
