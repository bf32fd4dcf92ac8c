package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.codec.ZstdCodec;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.api.Test;

/**
 * The transport skips the codec for bundles below {@code minBatchBytes}, on a connection whose bundles do not shrink
 * ({@link CompressionGate}) and while its link keeps up ({@link LinkState}): such frames are raw, decode identically, and are counted as skipped.
 */
class BatchSkipTest {

    /** zstd, counting its calls. */
    static final class CountingCodec implements Codec {
        final Codec zstd = new ZstdCodec(1, 0);
        int compressions;

        @Override
        public int maxCompressedLength(int inputLength) {
            return zstd.maxCompressedLength(inputLength);
        }

        @Override
        public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax) {
            compressions++;
            return zstd.compress(in, inOff, inLen, out, outOff, outMax);
        }

        @Override
        public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
            return zstd.decompress(in, inOff, inLen, out, outOff, outLen);
        }
    }

    /** Ack-like messages as Storm writes them: a 10-byte header that repeats (task, stream, ...), two random longs. */
    static List<TaskMessage> acks(int n, Random random) {
        List<TaskMessage> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new TaskMessage(2, ByteBuffer.allocate(26).put(new byte[] {7, 2, 0, 1, 2, 3, 9, 1, 9, 1})
                    .putLong(random.nextLong()).putLong(random.nextLong()).array()));
        }
        return out;
    }

    /** Messages of random bytes: nothing repeats, nothing shrinks. */
    static List<TaskMessage> noise(int n, int size, Random random) {
        List<TaskMessage> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] payload = new byte[size];
            random.nextBytes(payload);
            out.add(new TaskMessage(3, payload));
        }
        return out;
    }

    private static boolean compressedFrame(TaskMessage m) {
        return m.task() == BatchFormat.BATCH_TASK && (m.message()[0] & FrameFormat.CODEC_MASK) != FrameFormat.RAW;
    }

    private static BatchWriter writer(Codec codec, int minBatchBytes, String name) {
        return new BatchWriter(codec, CodecId.ZSTD.id(), 4096, minBatchBytes, 10, false,
                BatchMetrics.counters(name));
    }

    private static TaskMessage frame(BatchWriter writer, List<TaskMessage> bundle) {
        bundle.forEach(writer::add);
        return writer.finish();
    }

    @Test
    void aBundleBelowTheMinimumIsFramedRawWithoutCallingTheCodec() {
        BatchMetrics.reset();
        CountingCodec codec = new CountingCodec();
        BatchWriter writer = writer(codec, 100, "-> min");
        List<TaskMessage> small = BatchRoundTripTest.events(1, new Random(3)); // one ~70 B event: a body under 100 B
        TaskMessage raw = frame(writer, small);
        assertEquals(FrameFormat.RAW, raw.message()[0] & FrameFormat.CODEC_MASK);
        assertEquals(0, codec.compressions);
        assertEquals(1, BatchMetrics.snapshot().get("-> min").skipped());
        // The same bundle twice is over the minimum: compressed.
        List<TaskMessage> twice = new ArrayList<>(small);
        twice.addAll(small);
        assertEquals(true, compressedFrame(frame(writer, twice)));
        assertEquals(1, codec.compressions);
        assertEquals(1, BatchMetrics.snapshot().get("-> min").skipped());
    }

    @Test
    void withoutAMinimumTheCodecRunsOnEveryBundleAndNoneIsCountedSkipped() {
        BatchMetrics.reset();
        CountingCodec codec = new CountingCodec();
        BatchWriter writer = writer(codec, 0, "-> all");
        frame(writer, acks(1, new Random(1)));
        frame(writer, acks(2, new Random(2)));
        assertEquals(2, codec.compressions);
        assertEquals(0, BatchMetrics.snapshot().get("-> all").skipped());
    }

    @Test
    void theDefaultMinimumSkipsBundlesOfAFewAcksAndCompressesLargerOnes() {
        Loopback link = new Loopback("codec", "zstd");
        Random random = new Random(5);
        List<TaskMessage> sent = new ArrayList<>();
        for (int n : new int[] {1, 2, 3, 50}) {
            List<TaskMessage> bundle = acks(n, random);
            sent.addAll(bundle);
            link.sender.send(bundle.iterator());
        }
        BatchRoundTripTest.assertSame(sent, link.received());
        // Bodies of 29, 57 and 85 bytes (count, then task, length and 26 bytes each) are below 128; 50 acks are not,
        // and their headers repeat.
        assertEquals(List.of(false, false, false, true), link.wire.stream().map(BatchSkipTest::compressedFrame).toList());
        BatchSnapshot s = BatchMetrics.snapshot().get("-> peer");
        assertEquals(4, s.batches());
        assertEquals(3, s.skipped());
        assertEquals(56, s.messages());
    }

    @Test
    void aConnectionOfIncompressibleTrafficStopsCompressingProbesAndRecovers() {
        Loopback link = new Loopback("codec", "zstd");
        Random random = new Random(11);
        List<TaskMessage> sent = new ArrayList<>();
        int bundles = CompressionGate.WINDOW + CompressionGate.SKIP;
        for (int i = 0; i < bundles; i++) {
            List<TaskMessage> bundle = noise(4, 100, random);
            sent.addAll(bundle);
            link.sender.send(bundle.iterator());
        }
        assertEquals(CompressionGate.SKIP, BatchMetrics.snapshot().get("-> peer").skipped(),
                "the codec ran on the first window only");
        // The traffic turns compressible: the probe (the next bundle) compresses, and so does what follows.
        for (int i = 0; i < 20; i++) {
            List<TaskMessage> bundle = BatchRoundTripTest.events(10, random);
            sent.addAll(bundle);
            link.sender.send(bundle.iterator());
        }
        BatchRoundTripTest.assertSame(sent, link.received());
        assertEquals(List.of(), link.wire.subList(0, bundles).stream().filter(BatchSkipTest::compressedFrame).toList(),
                "random bytes never travel compressed");
        assertEquals(20, link.wire.subList(bundles, bundles + 20).stream().filter(BatchSkipTest::compressedFrame)
                .count(), "every bundle of events compressed again");
        BatchSnapshot s = BatchMetrics.snapshot().get("-> peer");
        assertEquals(CompressionGate.SKIP, s.skipped());
        assertEquals(bundles + 20, s.batches());
        assertEquals(link.wire.stream().mapToLong(m -> 6 + m.message().length).sum(), s.bytesAfter());
    }

    @Test
    void whileTheLinkKeepsUpMessagesGoAsStormSentThemInOrderAndAreCountedAsRawFrames() {
        LinkState state = new LinkState();
        Loopback link = new Loopback(state, "codec", "zstd");
        Random random = new Random(13);
        List<TaskMessage> sent = new ArrayList<>();
        int messages = 0;
        for (int i = 0; i < 5; i++) {
            List<TaskMessage> bundle = new ArrayList<>(BatchRoundTripTest.events(10, random));
            bundle.add(new TaskMessage(4, new byte[3000]));
            sent.addAll(bundle);
            messages += bundle.size();
            link.sender.send(bundle.iterator());
        }
        // The very messages Storm handed over, in order: nothing bundled, copied or compressed.
        assertEquals(sent.size(), link.wire.size());
        for (int i = 0; i < sent.size(); i++) {
            assertSame(sent.get(i), link.wire.get(i), "message " + i);
        }
        // The receiver hands each delivery on as it came: the very list, no copy.
        assertEquals(5, link.delivered.size());
        for (int i = 0; i < 5; i++) {
            assertSame(link.arrived.get(i), link.delivered.get(i), "delivery " + i);
        }
        BatchRoundTripTest.assertSame(sent, link.received());
        BatchSnapshot s = BatchMetrics.snapshot().get("-> peer");
        assertEquals(messages, s.batches());
        assertEquals(messages, s.messages());
        assertEquals(messages, s.skipped());
        long wire = link.wire.stream().mapToLong(m -> 6 + m.message().length).sum();
        assertEquals(wire, s.bytesBefore());
        assertEquals(wire, s.bytesAfter());

        // Once the link binds, the next bundle goes as one compressed frame, the large message in it.
        for (int i = 0; i < LinkState.WINDOW; i++) {
            state.sample(LinkState.BACKLOG_BYTES, (i + 1) * 200_000_000L);
        }
        List<TaskMessage> bundle = new ArrayList<>(BatchRoundTripTest.events(10, random));
        bundle.add(new TaskMessage(4, new byte[3000]));
        sent.addAll(bundle);
        link.sender.send(bundle.iterator());
        assertEquals(sent.size() - bundle.size() + 1, link.wire.size(), "one frame for the bundle");
        assertEquals(true, compressedFrame(link.wire.get(link.wire.size() - 1)), "compressed once the link binds");
        BatchRoundTripTest.assertSame(sent, link.received());
        assertEquals(messages, BatchMetrics.snapshot().get("-> peer").skipped(), "the compressed frame is no skip");
    }

    @Test
    void withoutACodecNothingIsSkipped() {
        Loopback link = new Loopback("codec", "none");
        List<TaskMessage> bundle = acks(1, new Random(9));
        link.sender.send(bundle.iterator());
        BatchRoundTripTest.assertSame(bundle, link.received());
        assertEquals(0, BatchMetrics.snapshot().get("-> peer").skipped());
        assertNotEquals(0, BatchMetrics.snapshot().get("-> peer").batches());
    }
}
