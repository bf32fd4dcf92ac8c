package dev.fluxext.examples.cluster;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "compression figures" lines a worker logs every {@code logIntervalSecs} ({@code FiguresLog}), as a user
 * greps them from {@code worker.log}. Each line holds the worker's running totals: per component its tuples,
 * per connection its bundles ({@code batches -> HOST:PORT: A -> B bytes (R), N batches, M messages, K rejected}).
 */
record FiguresLines(List<String> lines) {

    private static final String MARK = "compression figures: ";
    private static final Pattern BATCHES = Pattern.compile(
            "batches (-> \\S*:\\d+): (\\d+) -> (\\d+) bytes \\([^)]*\\), (\\d+) batches, (\\d+) messages, (\\d+) rejected");
    private static final Pattern REJECTED = Pattern.compile("(\\d+) rejected");

    /** One connection's bundle totals as of a line. */
    record Batches(long bytesBefore, long bytesAfter, long batches, long messages, long rejected) {
    }

    /** The figures lines of {@code log} from byte {@code from} on (what a process that started there wrote). */
    static FiguresLines read(Path log, long from) throws IOException {
        if (!Files.exists(log)) {
            return new FiguresLines(List.of());
        }
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            byte[] tail = new byte[(int) Math.max(0, file.length() - from)];
            file.seek(from);
            file.readFully(tail);
            return new FiguresLines(new String(tail, StandardCharsets.UTF_8).lines()
                    .filter(l -> l.contains(MARK)).toList());
        }
    }

    /** The latest bundle totals per connection ({@code -> HOST:PORT}): the last line's. */
    Map<String, Batches> latestBatches() {
        Map<String, Batches> out = new LinkedHashMap<>();
        if (!lines.isEmpty()) {
            Matcher m = BATCHES.matcher(lines.get(lines.size() - 1));
            while (m.find()) {
                out.put(m.group(1), new Batches(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Long.parseLong(m.group(6))));
            }
        }
        return out;
    }

    /** The bundle totals of the connection to {@code port}, if the last line has them and they count bundles. */
    Optional<Batches> sentTo(int port) {
        return latestBatches().entrySet().stream().filter(e -> e.getKey().endsWith(":" + port))
                .map(Map.Entry::getValue).filter(b -> b.batches() > 0).findFirst();
    }

    /** Every "N rejected" figure of every line, tuples and bundles, summed: 0 when nothing was ever rejected. */
    long rejected() {
        long sum = 0;
        for (String line : lines) {
            Matcher m = REJECTED.matcher(line);
            while (m.find()) {
                sum += Long.parseLong(m.group(1));
            }
        }
        return sum;
    }
}
