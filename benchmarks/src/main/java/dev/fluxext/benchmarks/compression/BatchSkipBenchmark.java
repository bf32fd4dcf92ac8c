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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The batch transport's sending cost per bundle of {@value #BUNDLE} already serialized Storm tuples, with the skip
 * rules at their defaults ({@code GATE=ON}: bundles below {@code minBatchBytes} and connections whose frames do not
 * shrink go raw without the codec) or off ({@code OFF}: zstd level 1 on every bundle, as before the rules). The
 * wire bytes per bundle are in the secondary result {@code wireBytes}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BatchSkipBenchmark {

    /** Messages per bundle, as in {@link BatchBenchmark}. */
    public static final int BUNDLE = 50;

    /** What one connection carries. */
    public enum Traffic {
        /** Unanchored tuples of two random 64-bit ids, like Storm's acks: hardly compressible. */
        ACKS,
        /** The ~200 B JSON events, anchored: compressible across a bundle. */
        EVENTS,
        /** The ~1.5 KB paragraphs, already compressed tuple by tuple (zstd level 3): incompressible. */
        PROSE_PER_TUPLE;

        StormTupleRig rig() {
            return switch (this) {
                case ACKS -> StormTupleRig.acks(TuplePath.NONE.topologyConf(), 512, 20_261_126L);
                case EVENTS -> new StormTupleRig(TuplePath.NONE.topologyConf(), Payload.JSON_200B.load());
                case PROSE_PER_TUPLE -> new StormTupleRig(TuplePath.OURS_ZSTD.topologyConf(),
                        Payload.PROSE_1500B.load());
            };
        }
    }

    public enum Gate { ON, OFF }

    @State(Scope.Thread)
    public static class Sender {
        @Param
        public Traffic traffic;

        @Param
        public Gate gate;

        final List<byte[]> serialized = new ArrayList<>();
        final List<TaskMessage> bundle = new ArrayList<>(BUNDLE);
        IConnection connection;
        WireCountingContext.Counting wire;
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            StormTupleRig rig = traffic.rig();
            for (int i = 0; i < rig.size(); i++) {
                serialized.add(rig.serialize(rig.tuple(i)));
            }
            Map<String, Object> conf = new HashMap<>();
            conf.put(BatchCompressionOptions.DELEGATE_KEY, WireCountingContext.class.getName());
            conf.put(BatchCompressionOptions.CODEC.key(), "zstd");
            conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
            if (gate == Gate.OFF) {
                conf.put(BatchCompressionOptions.MIN_BATCH_BYTES.key(), 0);
                conf.put(BatchCompressionOptions.MIN_SAVING_PERCENT.key(), 0);
            }
            IContext context = new BatchCompressionContext();
            prepare(context, conf);
            connection = context.connect("bench-1-1", "peer", 6701, null);
            wire = WireCountingContext.last;
        }

        @SuppressWarnings("deprecation")
        private static void prepare(IContext context, Map<String, Object> conf) {
            context.prepare(conf);
        }
    }

    /** Hands one bundle of {@value #BUNDLE} messages to the batch transport. */
    @Benchmark
    public long sendBundle(Sender s) {
        s.bundle.clear();
        for (int i = 0; i < BUNDLE; i++) {
            s.bundle.add(new TaskMessage(StormTupleRig.SPOUT_TASK, s.serialized.get(s.next)));
            if (++s.next == s.serialized.size()) {
                s.next = 0;
            }
        }
        s.connection.send(s.bundle.iterator());
        return s.wire.wireBytes;
    }
}
