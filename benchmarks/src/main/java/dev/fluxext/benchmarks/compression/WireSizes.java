package dev.fluxext.benchmarks.compression;

import com.github.luben.zstd.Zstd;
import java.util.List;
import java.util.Locale;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.utils.Utils;

/**
 * Prints the wire bytes per tuple of every {@link TuplePath} for every {@link Payload} as a Markdown table: the
 * size half of the benchmark report (JMH measures time and allocation). Sizes are deterministic, so one pass over
 * each corpus suffices.
 */
public final class WireSizes {

    private WireSizes() {
    }

    public static void main(String[] args) {
        System.out.println("| payload | path | tuples | wire bytes/tuple | vs NONE |");
        System.out.println("|---|---|---:|---:|---:|");
        for (Payload payload : Payload.values()) {
            List<String> payloads = payload.load();
            double none = meanWireBytes(TuplePath.NONE, payloads);
            for (TuplePath path : TuplePath.values()) {
                double mean = path == TuplePath.NONE ? none : meanWireBytes(path, payloads);
                row(payload.name(), path.name(), payloads.size(), mean, mean / none);
            }
            double bare = meanBareZstdBytes(payloads);
            row(payload.name(), "bare zstd of values (no tuple header)", payloads.size(), bare, bare / none);
        }
        System.out.printf("%nBundles of %d tuples, Netty's 6-byte message header included (BatchBenchmark's paths):%n%n",
                BatchBenchmark.BUNDLE);
        System.out.println("| payload | path | wire bytes/tuple | vs NONE |");
        System.out.println("|---|---|---:|---:|");
        for (Payload payload : Payload.values()) {
            List<String> payloads = payload.load();
            double none = BatchBenchmark.meanWireBytes(BatchBenchmark.Path.NONE, payloads);
            for (BatchBenchmark.Path path : BatchBenchmark.Path.values()) {
                double mean = BatchBenchmark.meanWireBytes(path, payloads);
                System.out.println(String.format(Locale.ROOT, "| %s | %s | %.1f | %.3f |", payload, path, mean,
                        mean / none));
            }
        }
    }

    /** Mean length of what {@code KryoTupleSerializer} produces for the corpus over {@code path}. */
    public static double meanWireBytes(TuplePath path, List<String> payloads) {
        StormTupleRig rig = new StormTupleRig(path.topologyConf(), payloads);
        long total = 0;
        for (int i = 0; i < rig.size(); i++) {
            total += rig.serialize(rig.tuple(i)).length;
        }
        return (double) total / rig.size();
    }

    private static double meanBareZstdBytes(List<String> payloads) {
        StormTupleRig rig = new StormTupleRig(TuplePath.NONE.topologyConf(), payloads);
        KryoValuesSerializer values = new KryoValuesSerializer(Utils.readDefaultConfig());
        long total = 0;
        for (int i = 0; i < rig.size(); i++) {
            total += Zstd.compress(values.serialize(rig.tuple(i).getValues()), TuplePath.ZSTD_LEVEL).length;
        }
        return (double) total / rig.size();
    }

    private static void row(String payload, String path, int tuples, double mean, double ratio) {
        System.out.println(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.3f |", payload, path, tuples, mean, ratio));
    }
}
