package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.config.BatchCompressionOptions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The sending worker's cost per tuple, side by side: Storm serializes each tuple and hands a bundle of
 * {@value #BUNDLE} to the connection, either raw, compressed tuple by tuple (our serializer, zstd level 3), or raw
 * to the batch-compressing transport (one frame per bundle). Wire bytes per tuple: {@link WireSizes}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BatchBenchmark {

    /**
     * Messages per bundle (what one drain of a worker's transfer queue hands a connection); fewer than the 55
     * distinct paragraphs of the corpus, so that no bundle holds a paragraph twice.
     */
    public static final int BUNDLE = 50;

    /** How the bundle's tuples travel. */
    public enum Path {
        /** Storm's default: no compression. */
        NONE,
        /** Each tuple compressed by our serializer (zstd level 3, threshold 64 B). */
        PER_TUPLE_ZSTD,
        /** Raw tuples, the bundle compressed by the batch transport (zstd level 3). */
        BATCH_ZSTD,
        BATCH_LZ4;

        TuplePath tuplePath() {
            return this == PER_TUPLE_ZSTD ? TuplePath.OURS_ZSTD : TuplePath.NONE;
        }

        /** The connection the bundle is handed to: the batch transport over the counting one, or the latter. */
        IConnection connect() {
            IContext context;
            if (this == NONE || this == PER_TUPLE_ZSTD) {
                context = new WireCountingContext();
            } else {
                Map<String, Object> conf = new HashMap<>();
                conf.put(BatchCompressionOptions.DELEGATE_KEY, WireCountingContext.class.getName());
                conf.put(BatchCompressionOptions.CODEC.key(), this == BATCH_ZSTD ? "zstd" : "lz4");
                conf.put(BatchCompressionOptions.ZSTD_LEVEL.key(), TuplePath.ZSTD_LEVEL);
                conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
                context = new BatchCompressionContext();
                prepare(context, conf);
            }
            return context.connect("bench-1-1", "peer", 6701, null);
        }

        @SuppressWarnings("deprecation")
        private static void prepare(IContext context, Map<String, Object> conf) {
            context.prepare(conf);
        }
    }

    @State(Scope.Thread)
    public static class Sender {
        @Param
        public Payload payload;

        @Param
        public Path path;

        StormTupleRig rig;
        IConnection connection;
        WireCountingContext.Counting wire;
        final List<TaskMessage> bundle = new ArrayList<>(BUNDLE);
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            rig = new StormTupleRig(path.tuplePath().topologyConf(), payload.load());
            connection = path.connect();
            wire = WireCountingContext.last;
        }
    }

    /** Serialize {@value #BUNDLE} tuples and send them as one bundle; reported per tuple. */
    @Benchmark
    @OperationsPerInvocation(BUNDLE)
    public long serializeAndSendBundle(Sender s) {
        s.bundle.clear();
        for (int i = 0; i < BUNDLE; i++) {
            s.bundle.add(new TaskMessage(StormTupleRig.SPOUT_TASK, s.rig.serialize(s.rig.tuple(s.next))));
            if (++s.next == s.rig.size()) {
                s.next = 0;
            }
        }
        s.connection.send(s.bundle.iterator());
        return s.wire.wireBytes;
    }

    /** Mean wire bytes per tuple of {@code path} over bundles of {@value #BUNDLE} of the corpus, cycled. */
    public static double meanWireBytes(Path path, List<String> payloads) {
        StormTupleRig rig = new StormTupleRig(path.tuplePath().topologyConf(), payloads);
        IConnection connection = path.connect();
        WireCountingContext.Counting wire = WireCountingContext.last;
        int tuples = Math.max(rig.size(), 10 * BUNDLE) / BUNDLE * BUNDLE;
        List<TaskMessage> bundle = new ArrayList<>(BUNDLE);
        for (int i = 0; i < tuples; i++) {
            bundle.add(new TaskMessage(StormTupleRig.SPOUT_TASK, rig.serialize(rig.tuple(i % rig.size()))));
            if (bundle.size() == BUNDLE) {
                connection.send(bundle.iterator());
                bundle.clear();
            }
        }
        return (double) wire.wireBytes / tuples;
    }
}
