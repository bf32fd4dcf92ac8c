package dev.fluxext.benchmarks.batch;

import dev.fluxext.compression.batch.BatchFormat;
import dev.fluxext.compression.batch.BatchReader;
import dev.fluxext.compression.batch.BatchSettings;
import dev.fluxext.compression.batch.BatchWriter;
import dev.fluxext.compression.batch.IdSplitter;

import dev.fluxext.benchmarks.compression.Corpus;
import dev.fluxext.benchmarks.compression.StormTupleRig;
import dev.fluxext.benchmarks.compression.WireFloor;
import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchMetrics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
 * What taking Storm's ids apart from the codec costs per message, side by side with the frame it replaced (the whole
 * body through the codec), on bundles of tuples with Storm's random ids ({@link StormTupleRig#trees}) serialized as
 * a batch topology's workers serialize them. Send side: {@code split} alone, the codec on the whole body and on the
 * split one, and the writer's whole path; receive side: the reader on a frame of each kind (the joiner included).
 * The split's net cost per message is {@code split + compressSplit - compressWhole}; the join's,
 * {@code readApart - readWhole}. Times are per bundle ({@code size} messages). Run from the benchmarks jar like the others.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class IdsApartBenchmark {

    /** Bundles per trial, cycled: enough that the codec does not see one bundle again and again. */
    static final int BUNDLES = 64;
    /** The zstd level the transport ships with. */
    static final int LEVEL = 1;

    /** The traffic of the two topologies the end-to-end figures use, as trees of tuples. */
    public enum Traffic {
        /** 200 B JSON events, a tree each, acked 40 tuples later. */
        EVENTS,
        /** A paragraph's words, a tree per paragraph, each word acked 4 tuples later. */
        WORDS;

        StormTupleRig rig(Map<String, Object> conf) {
            List<List<String>> trees = new ArrayList<>();
            if (this == EVENTS) {
                Corpus.jsonEvents(4_096, 20_261_127L).forEach(e -> trees.add(List.of(e)));
                return StormTupleRig.trees(conf, trees, 40, 27);
            }
            for (String paragraph : Corpus.prose()) {
                trees.add(List.of(paragraph.split(" ")));
            }
            return StormTupleRig.trees(conf, trees, 4, 27);
        }
    }

    @State(Scope.Thread)
    public static class Bundles {
        @Param
        public Traffic traffic;

        @Param({"100", "250"})
        public int size;

        final List<List<TaskMessage>> messages = new ArrayList<>();
        final List<byte[]> wholeBodies = new ArrayList<>();
        final List<byte[]> splitBodies = new ArrayList<>();
        final List<byte[]> wholeFrames = new ArrayList<>();
        final List<byte[]> apartFrames = new ArrayList<>();
        BatchSettings settings;
        Codec codec;
        IdSplitter splitter;
        BatchWriter writer;
        BatchReader reader;
        byte[] compressed;
        final List<TaskMessage> received = new ArrayList<>();
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            Map<String, Object> conf = WireFloor.transportConf(LEVEL);
            settings = BatchSettings.fromConf(conf);
            codec = settings.codec().create(settings.codecSettings());
            splitter = new IdSplitter(settings.idsInValues());
            writer = new BatchWriter(settings, BatchMetrics.counters("ids-apart-benchmark"));
            reader = new BatchReader(settings);
            StormTupleRig rig = traffic.rig(conf);
            int tuple = 0;
            for (int b = 0; b < BUNDLES; b++) {
                List<TaskMessage> bundle = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    // Tuples to one of 4 tasks, acker tuples to task 1, as a worker's bundle to one peer holds.
                    byte[] message = rig.serialize(rig.tuple(tuple));
                    bundle.add(new TaskMessage(rig.tuple(tuple).getValue(0) instanceof Long ? 1 : 2 + i % 4, message));
                    tuple = (tuple + 1) % rig.size();
                }
                messages.add(bundle);
                byte[] body = body(bundle);
                wholeBodies.add(body);
                if (!splitter.split(body, 0, body.length)) {
                    throw new IllegalStateException("bundle " + b + " not split");
                }
                splitBodies.add(Arrays.copyOf(splitter.body(), splitter.bodyLength()));
                wholeFrames.add(wholeFrame(body));
                apartFrames.add(write(bundle).message());
            }
            compressed = new byte[codec.maxCompressedLength(wholeBodies.stream().mapToInt(b -> b.length).max()
                    .orElseThrow())];
        }

        TaskMessage write(List<TaskMessage> bundle) {
            for (TaskMessage m : bundle) {
                writer.add(m);
            }
            return writer.finish();
        }

        /** The frame the transport sent before it took the ids apart: the whole body through the codec. */
        byte[] wholeFrame(byte[] body) {
            byte[] out = new byte[codec.maxCompressedLength(body.length)];
            int n = codec.compress(body, 0, body.length, out, 0, out.length);
            byte[] frame = new byte[1 + 2 * 5 + n];
            frame[0] = (byte) FrameFormat.header(settings.codec().id());
            int pos = BatchFormat.writeVarInt(frame, 1, body.length);
            pos = BatchFormat.writeVarInt(frame, pos, n);
            System.arraycopy(out, 0, frame, pos, n);
            return Arrays.copyOf(frame, pos + n);
        }

        /** The bundles of {@code traffic} in bundles of {@code size}, set up as for a trial. */
        static Bundles of(Traffic traffic, int size) {
            Bundles s = new Bundles();
            s.traffic = traffic;
            s.size = size;
            s.setUp();
            return s;
        }

        int nextBundle() {
            int b = next;
            next = (next + 1) % BUNDLES;
            return b;
        }
    }

    /** Prints the frames' bytes per message, whole and apart, for each traffic and bundle size the benchmark runs. */
    public static void main(String[] args) {
        for (Traffic traffic : Traffic.values()) {
            for (int size : new int[] {100, 250}) {
                Bundles s = Bundles.of(traffic, size);
                long raw = s.wholeBodies.stream().mapToLong(b -> b.length).sum();
                long whole = s.wholeFrames.stream().mapToLong(f -> f.length).sum();
                long apart = s.apartFrames.stream().mapToLong(f -> f.length).sum();
                double messages = (double) BUNDLES * size;
                System.out.printf("%s %d: body %.1f B/message, frame whole %.1f, apart %.1f (%.3f)%n", traffic, size,
                        raw / messages, whole / messages, apart / messages, (double) apart / whole);
            }
        }
    }

    /** A bundle's body as the transport lays it out: a raw frame of {@link BatchWriter} (no codec) less its header. */
    static byte[] body(List<TaskMessage> bundle) {
        BatchWriter raw = new BatchWriter(null, 0, Integer.MAX_VALUE - 8, 0, 0, false,
                BatchMetrics.counters("ids-apart-benchmark"));
        bundle.forEach(raw::add);
        byte[] frame = raw.finish().message();
        return Arrays.copyOfRange(frame, 1, frame.length);
    }

    @Benchmark
    public int split(Bundles s) {
        byte[] body = s.wholeBodies.get(s.nextBundle());
        s.splitter.split(body, 0, body.length);
        return s.splitter.bodyLength();
    }

    @Benchmark
    public int compressWhole(Bundles s) {
        byte[] body = s.wholeBodies.get(s.nextBundle());
        return s.codec.compress(body, 0, body.length, s.compressed, 0, s.compressed.length);
    }

    @Benchmark
    public int compressSplit(Bundles s) {
        byte[] body = s.splitBodies.get(s.nextBundle());
        return s.codec.compress(body, 0, body.length, s.compressed, 0, s.compressed.length);
    }

    /** The send path as shipped: bundle, split, compress, frame. */
    @Benchmark
    public TaskMessage write(Bundles s) {
        return s.write(s.messages.get(s.nextBundle()));
    }

    @Benchmark
    public int readWhole(Bundles s) {
        s.received.clear();
        s.reader.read(s.wholeFrames.get(s.nextBundle()), s.received);
        return s.received.size();
    }

    @Benchmark
    public int readApart(Bundles s) {
        s.received.clear();
        s.reader.read(s.apartFrames.get(s.nextBundle()), s.received);
        return s.received.size();
    }
}
