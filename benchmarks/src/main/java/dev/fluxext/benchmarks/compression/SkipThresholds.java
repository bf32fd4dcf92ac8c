package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;

/**
 * Where zstd level 1 stops winning on a bundle: for bundles of 1 to 50 real Storm tuples (the JSON events, and
 * ack-like tuples of two random 64-bit ids), the body's size and the bytes the batch transport saves per bundle with
 * the codec run on every bundle (no skipping), against bundles framed raw. Sizes are deterministic; the time per
 * bundle is a rough single-threaded figure (no JMH: see {@link BatchSkipBenchmark} for that). What chose the
 * transport's {@code minBatchBytes} default (docs/compression.md). Then, with the skip rules at their defaults, the
 * share of bundles of each traffic sent without calling the codec (deterministic).
 */
public final class SkipThresholds {

    private static final int[] SIZES = {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 50};
    private static final int GATED_BUNDLES = 10_000;

    private SkipThresholds() {
    }

    public static void main(String[] args) {
        System.out.println("| traffic | messages/bundle | body bytes | zstd-1 frame bytes | saved bytes | frame/raw | "
                + "codec ns/bundle |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|");
        for (BatchSkipBenchmark.Traffic traffic : BatchSkipBenchmark.Traffic.values()) {
            StormTupleRig rig = traffic.rig();
            List<byte[]> serialized = new ArrayList<>();
            for (int i = 0; i < rig.size(); i++) {
                serialized.add(rig.serialize(rig.tuple(i)));
            }
            for (int n : SIZES) {
                int bundles = 2000;
                double raw = wirePerBundle(connect("none"), serialized, n, bundles);
                double zstd = wirePerBundle(connect("zstd"), serialized, n, bundles);
                long nanos = nanosPerBundle(connect("zstd"), serialized, n) - nanosPerBundle(connect("none"),
                        serialized, n);
                System.out.println(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f | %.3f | %d |", traffic,
                        n, raw - WireCountingContext.NETTY_HEADER - 1, zstd - WireCountingContext.NETTY_HEADER,
                        raw - zstd, (zstd - WireCountingContext.NETTY_HEADER) / (raw - WireCountingContext.NETTY_HEADER),
                        nanos));
            }
        }
        skippedWithDefaults();
    }

    /** Bundles of {@value BatchSkipBenchmark#BUNDLE} with the skip rules at their defaults: how many skip the codec. */
    private static void skippedWithDefaults() {
        System.out.printf("%nBundles of %d, skip rules at their defaults (%d bundles each):%n%n", BatchSkipBenchmark.BUNDLE,
                GATED_BUNDLES);
        System.out.println("| traffic | wire bytes vs unbundled | bundles without the codec |");
        System.out.println("|---|---:|---:|");
        for (BatchSkipBenchmark.Traffic traffic : BatchSkipBenchmark.Traffic.values()) {
            StormTupleRig rig = traffic.rig();
            List<byte[]> serialized = new ArrayList<>();
            for (int i = 0; i < rig.size(); i++) {
                serialized.add(rig.serialize(rig.tuple(i)));
            }
            BatchMetrics.reset();
            Map<String, Object> conf = new HashMap<>();
            conf.put(BatchCompressionOptions.DELEGATE_KEY, WireCountingContext.class.getName());
            conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
            IContext context = new BatchCompressionContext();
            prepare(context, conf);
            send(context.connect("bench-1-1", "peer", 6701, null), serialized, BatchSkipBenchmark.BUNDLE,
                    GATED_BUNDLES);
            BatchSnapshot s = BatchMetrics.snapshot().get("-> peer:6701");
            System.out.println(String.format(Locale.ROOT, "| %s | %.3f | %d of %d (%.1f %%) |", traffic, s.ratio(),
                    s.skipped(), s.batches(), 100.0 * s.skipped() / s.batches()));
        }
    }

    /** The batch transport over a counting one, the codec run on every bundle. */
    static IConnection connect(String codec) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(BatchCompressionOptions.DELEGATE_KEY, WireCountingContext.class.getName());
        conf.put(BatchCompressionOptions.CODEC.key(), codec);
        conf.put(BatchCompressionOptions.ZSTD_LEVEL.key(), 1);
        conf.put(BatchCompressionOptions.MIN_BATCH_BYTES.key(), 0);
        conf.put(BatchCompressionOptions.MIN_SAVING_PERCENT.key(), 0);
        conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
        IContext context = new BatchCompressionContext();
        prepare(context, conf);
        return context.connect("bench-1-1", "peer", 6701, null);
    }

    @SuppressWarnings("deprecation")
    private static void prepare(IContext context, Map<String, Object> conf) {
        context.prepare(conf);
    }

    private static double wirePerBundle(IConnection connection, List<byte[]> serialized, int n, int bundles) {
        WireCountingContext.Counting wire = WireCountingContext.last;
        send(connection, serialized, n, bundles);
        return (double) wire.wireBytes / bundles;
    }

    private static long nanosPerBundle(IConnection connection, List<byte[]> serialized, int n) {
        int bundles = Math.max(20_000, 400_000 / n);
        send(connection, serialized, n, bundles); // warm-up
        long start = System.nanoTime();
        send(connection, serialized, n, bundles);
        return (System.nanoTime() - start) / bundles;
    }

    private static void send(IConnection connection, List<byte[]> serialized, int n, int bundles) {
        List<TaskMessage> bundle = new ArrayList<>(n);
        int next = 0;
        for (int b = 0; b < bundles; b++) {
            bundle.clear();
            for (int i = 0; i < n; i++) {
                bundle.add(new TaskMessage(StormTupleRig.SPOUT_TASK, serialized.get(next)));
                next = (next + 1) % serialized.size();
            }
            connection.send(bundle.iterator());
        }
    }
}
