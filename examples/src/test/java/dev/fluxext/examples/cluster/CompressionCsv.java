package dev.fluxext.examples.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * fluxext's gauges (compression, and worker TLS's failed connections) as Storm's {@code CsvStormReporter} writes them: one file per metric, named
 * {@code storm.(topology|worker).TOPOLOGY.HOST.COMPONENT.TASK.PORT-PREFIX.NAME.csv}, lines {@code t,value}. The latest value
 * of each metric, summed over the workers (ports) of a component.
 */
public final class CompressionCsv {

    private CompressionCsv() {
    }

    /** Per-tuple gauges, per component. */
    static final String TUPLES = "fluxext.compression.";
    /** Batch gauges, per worker, under Storm's system component {@code __system} (task -1). */
    public static final String BATCHES = "fluxext.transport.compression.";
    /** Incoming and outgoing worker connections that failed their TLS handshake, by reason, per worker ({@code __system}). */
    public static final String TLS_REFUSED = "fluxext.tls.refused.";
    static final String TLS_FAILED = "fluxext.tls.failed.";

    /** Latest value per metric name ({@code bytesIn}, ...) under {@code prefix} for the component, summed over its workers. */
    public static Map<String, Long> latest(Path dir, String component, String prefix) throws IOException {
        Pattern name = Pattern.compile("\\." + Pattern.quote(component) + "\\.-?\\d+\\.\\d+-" + Pattern.quote(prefix)
                + "(\\w+)\\.csv");
        Map<String, Long> figures = new HashMap<>();
        if (!Files.isDirectory(dir)) {
            return figures;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Matcher m = name.matcher(file.getFileName().toString());
                if (m.find()) {
                    List<String> lines = Files.readAllLines(file);
                    String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
                    String value = last.substring(last.indexOf(',') + 1).strip();
                    if (value.matches("\\d+")) {
                        figures.merge(m.group(1), Long.parseLong(value), Long::sum);
                    }
                }
            }
        }
        return figures;
    }
}
