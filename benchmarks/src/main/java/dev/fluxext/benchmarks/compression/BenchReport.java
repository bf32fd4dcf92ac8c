package dev.fluxext.benchmarks.compression;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a JMH JSON result ({@code -prof gc -rf json}) of this package's benchmarks into the Markdown tables of
 * {@code docs/benchmarks.md}, adds the wire bytes per tuple, and checks the three targets.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.fluxext.benchmarks.compression.BenchReport result.json}
 */
public final class BenchReport {

    private static final String ALLOC = "gc.alloc.rate.norm";
    private static final double MIN_SPEEDUP = 3.0;
    private static final double MAX_ALLOC_RATIO = 1.2;
    private static final double MAX_FLOOR_RATIO = 1.3;

    /** One benchmark result: method, its params, ops/s with error, allocated bytes per op. */
    record Row(String method, String path, Payload payload, double ops, double error, double allocPerOp) {
    }

    private BenchReport() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: BenchReport <jmh-result.json>  (from -prof gc -rf json -rff <file>)");
            System.exit(2);
        }
        List<Row> rows = read(new File(args[0]));
        for (Payload payload : Payload.values()) {
            report(payload, rows.stream().filter(r -> r.payload() == payload).toList());
        }
    }

    static List<Row> read(File file) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (JsonNode result : new ObjectMapper().readTree(file)) {
            String benchmark = result.path("benchmark").asText();
            JsonNode params = result.path("params");
            JsonNode primary = result.path("primaryMetric");
            rows.add(new Row(benchmark.substring(benchmark.lastIndexOf('.') + 1),
                    params.path("path").asText("-"), Payload.valueOf(params.path("payload").asText()),
                    primary.path("score").asDouble(), primary.path("scoreError").asDouble(Double.NaN),
                    result.path("secondaryMetrics").path(ALLOC).path("score").asDouble(Double.NaN)));
        }
        return rows;
    }

    private static void report(Payload payload, List<Row> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> corpus = payload.load();
        Map<String, Double> wire = new HashMap<>();
        System.out.printf("%n### %s: serialize + deserialize (TupleRoundTripBenchmark.roundTrip)%n%n", payload);
        System.out.println("| path | ops/s | ± | alloc B/op | alloc vs NONE | wire B/tuple | wire vs NONE |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        Row none = find(rows, "roundTrip", TuplePath.NONE.name());
        double noneWire = WireSizes.meanWireBytes(TuplePath.NONE, corpus);
        for (Row r : rows) {
            if (!r.method().equals("roundTrip")) {
                continue;
            }
            double w = wire.computeIfAbsent(r.path(), p -> WireSizes.meanWireBytes(TuplePath.valueOf(p), corpus));
            System.out.println(String.format(Locale.ROOT, "| %s | %,.0f | %s | %,.0f | %s | %.1f | %.3f |", r.path(),
                    r.ops(), error(r), r.allocPerOp(), none == null ? "-" : ratio(r.allocPerOp() / none.allocPerOp()),
                    w, w / noneWire));
        }
        System.out.printf("%n### %s: sending side (SerializeBenchmark)%n%n", payload);
        System.out.println("| benchmark | path | ops/s | ± | alloc B/op |");
        System.out.println("|---|---|---:|---:|---:|");
        for (Row r : rows) {
            if (!r.method().equals("roundTrip")) {
                System.out.println(String.format(Locale.ROOT, "| %s | %s | %,.0f | %s | %,.0f |", r.method(), r.path(),
                        r.ops(), error(r), r.allocPerOp()));
            }
        }
        System.out.printf("%n### %s: targets%n%n", payload);
        Row ours = find(rows, "roundTrip", TuplePath.OURS_ZSTD.name());
        Row stream = find(rows, "roundTrip", TuplePath.ZSTD_STREAM_PER_TUPLE.name());
        if (ours != null && stream != null) {
            double speedup = ours.ops() / stream.ops();
            double wireRatio = wire.get(ours.path()) / wire.get(stream.path());
            verdict(speedup >= MIN_SPEEDUP && Math.abs(wireRatio - 1) <= 0.05, String.format(Locale.ROOT,
                    "ours zstd / stream-per-tuple throughput = %.2fx (target >= %.1fx), wire bytes ratio %.3f",
                    speedup, MIN_SPEEDUP, wireRatio));
        }
        if (none != null) {
            for (Row r : rows) {
                if (r.method().equals("roundTrip") && r.path().startsWith("OURS_")) {
                    double allocRatio = r.allocPerOp() / none.allocPerOp();
                    verdict(allocRatio <= MAX_ALLOC_RATIO, String.format(Locale.ROOT,
                            "%s allocation / NONE = %.2fx (target <= %.1fx)", r.path(), allocRatio, MAX_ALLOC_RATIO));
                }
            }
        }
        Row serialize = find(rows, "serialize", TuplePath.OURS_ZSTD.name());
        Row bare = find(rows, "bareZstdCompress", "-");
        if (serialize != null && bare != null) {
            double floorRatio = bare.ops() / serialize.ops();
            verdict(floorRatio <= MAX_FLOOR_RATIO, String.format(Locale.ROOT,
                    "ours zstd serialize time / bare ZstdCompressCtx.compress time = %.2fx (target <= %.1fx)",
                    floorRatio, MAX_FLOOR_RATIO));
        }
        Row storms = find(rows, "serialize", TuplePath.NONE.name());
        Row codec = find(rows, "ourZstdCodecAlone", "-");
        if (serialize != null && storms != null && codec != null) {
            // Where ours' time goes: what Storm does without us, the codec call as ours makes it, and the rest
            // (our framing, plus what Storm's serialize and the codec cost each other sharing one thread's caches:
            // CpuTimeCheck separates the two).
            double rest = nanos(serialize) - nanos(storms) - nanos(codec);
            System.out.println(String.format(Locale.ROOT, "- ours zstd serialize %.0f ns = Storm's own serialize "
                    + "(NONE) %.0f ns + our codec call alone %.0f ns + the rest %.0f ns (framing; both in one "
                    + "thread)", nanos(serialize), nanos(storms), nanos(codec), rest));
        }
    }

    private static double nanos(Row r) {
        return 1e9 / r.ops();
    }

    private static Row find(List<Row> rows, String method, String path) {
        return rows.stream().filter(r -> r.method().equals(method) && r.path().equals(path)).findFirst().orElse(null);
    }

    private static String error(Row r) {
        return Double.isNaN(r.error()) ? "-" : String.format(Locale.ROOT, "%,.0f", r.error());
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, "%.2fx", v);
    }

    private static void verdict(boolean met, String text) {
        System.out.println("- " + (met ? "MET" : "MISSED") + ": " + text);
    }
}
