package dev.fluxext.examples.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What the accounted spout and the checksum sink wrote to their ledgers (one file per task, see
 * {@code dev.fluxext.examples.Ledger}). A worker killed mid-write can leave a last line without its line break;
 * such a line is not counted.
 */
public record LedgerLines(List<String[]> spout, List<String[]> sink) {

    public static LedgerLines read(Path dir) throws IOException {
        return new LedgerLines(lines(dir, "spout-"), lines(dir, "sink-"));
    }

    private static List<String[]> lines(Path dir, String prefix) throws IOException {
        List<String[]> lines = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return lines;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                String complete = text.substring(0, text.lastIndexOf('\n') + 1);
                complete.lines().map(line -> line.split(" ")).forEach(lines::add);
            }
        }
        return lines;
    }

    /** Ids of the spout's lines of this kind ({@code emit}, {@code ack}, {@code fail}). */
    Set<Long> spoutIds(String kind) {
        Set<Long> ids = new HashSet<>();
        spout.stream().filter(l -> l[0].equals(kind)).forEach(l -> ids.add(Long.parseLong(l[1])));
        return ids;
    }

    long spoutCount(String kind) {
        return spout.stream().filter(l -> l[0].equals(kind)).count();
    }

    /** Ids the sink saw with this checksum verdict ({@code ok}, {@code corrupt}). */
    public Set<Long> sinkIds(String verdict) {
        Set<Long> ids = new HashSet<>();
        sink.stream().filter(l -> l[2].equals(verdict)).forEach(l -> ids.add(Long.parseLong(l[1])));
        return ids;
    }

    /** How many lines the sink wrote with this verdict: an id seen twice counts twice. */
    public long sinkCount(String verdict) {
        return sink.stream().filter(l -> l[2].equals(verdict)).count();
    }

    /** Worker pids that wrote sink lines. */
    public Set<Long> sinkPids() {
        Set<Long> pids = new HashSet<>();
        sink.forEach(l -> pids.add(Long.parseLong(l[3])));
        return pids;
    }

    public String summary() {
        return "spout: " + spoutCount("emit") + " emitted, " + spoutIds("ack").size() + " acked, " + spoutCount("fail")
                + " failed; sink: " + sinkIds("ok").size() + " ids ok, " + sinkIds("corrupt").size()
                + " corrupt, from pids " + sinkPids();
    }
}
