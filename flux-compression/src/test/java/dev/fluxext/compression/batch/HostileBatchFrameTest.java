package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchMetrics;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile batch frames arriving between good ones in one Netty delivery: each is rejected and counted, and the good
 * bundles around it reach Storm (the callback returns normally, so the worker and the connection stay up).
 */
class HostileBatchFrameTest {

    static final int CAP = 64 * 1024;

    static byte[] varInt(int value) {
        byte[] b = new byte[5];
        return Arrays.copyOf(b, BatchFormat.writeVarInt(b, 0, value));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    static byte[] header(int codec) {
        return new byte[] {(byte) FrameFormat.header(codec)};
    }

    /** A zstd frame honestly declaring {@code size} zero bytes: a bomb once size exceeds the cap. */
    static byte[] zstdOfZeros(int size) {
        var codec = CodecId.ZSTD.create(CompressionSettings.defaults());
        byte[] out = new byte[codec.maxCompressedLength(size)];
        int n = codec.compress(new byte[size], 0, size, out, 0, out.length);
        return concat(header(CodecId.ZSTD.id()), varInt(size), varInt(n), Arrays.copyOf(out, n));
    }

    /** A frame in {@code codec} holding {@code body} (a count and its entries), declaring its true size. */
    static byte[] compressed(CodecId id, byte[] body) {
        var codec = id.create(CompressionSettings.defaults());
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        int n = codec.compress(body, 0, body.length, out, 0, out.length);
        return concat(header(id.id()), varInt(body.length), varInt(n), Arrays.copyOf(out, n));
    }

    /** A bundle body of {@code count} messages to task 1, each of {@code size} zero bytes. */
    static byte[] body(int count, int size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(varInt(count));
        for (int i = 0; i < count; i++) {
            out.writeBytes(varInt(1));
            out.writeBytes(varInt(size));
            out.writeBytes(new byte[size]);
        }
        return out.toByteArray();
    }

    static Stream<Arguments> hostileFrames() {
        byte[] garbage = new byte[300];
        new Random(3).nextBytes(garbage);
        garbage[0] = (byte) FrameFormat.header(CodecId.LZ4.id());
        return Stream.of(
                Arguments.of("empty", new byte[0]),
                Arguments.of("unknown version", new byte[] {(byte) 0xC0, 1, 1, 0}),
                Arguments.of("unknown codec", concat(header(9), varInt(4), varInt(1), new byte[] {1})),
                Arguments.of("random bytes after an lz4 header", garbage),
                Arguments.of("bomb over the cap", zstdOfZeros(CAP * 4)),
                Arguments.of("declares a huge size, holds little", concat(header(CodecId.ZSTD.id()),
                        varInt(Integer.MAX_VALUE - 100), varInt(3), new byte[] {1, 2, 3})),
                Arguments.of("compressed length lies", concat(header(CodecId.SNAPPY.id()), varInt(100), varInt(90),
                        new byte[10])),
                Arguments.of("raw: count lies", concat(header(FrameFormat.RAW), varInt(1_000_000), new byte[8])),
                Arguments.of("raw: message length runs past the end", concat(header(FrameFormat.RAW), varInt(1),
                        varInt(5), varInt(1000), new byte[20])),
                Arguments.of("raw: bytes after the last message", concat(header(FrameFormat.RAW), varInt(1),
                        varInt(5), varInt(2), new byte[] {1, 2, 3})),
                Arguments.of("raw: truncated varint", concat(header(FrameFormat.RAW), new byte[] {(byte) 0x81})),
                Arguments.of("raw: one empty message", concat(header(FrameFormat.RAW), body(1, 0))),
                Arguments.of("zstd: 32 000 empty messages in 100 bytes", compressed(CodecId.ZSTD, body(32_000, 0))),
                Arguments.of("zstd: more tuple-sized messages than a sender bundles", compressed(CodecId.ZSTD,
                        body(4096 / BatchFormat.MIN_ENTRY_BYTES + 1, 4))),
                Arguments.of("lz4, a codec this receiver is not configured for", compressed(CodecId.LZ4,
                        body(2, 4))),
                Arguments.of("raw: task id beyond a short", concat(header(FrameFormat.RAW), varInt(1),
                        varInt(70_000), varInt(0))),
                Arguments.of("ids apart in a raw frame", concat(new byte[] {(byte) (FrameFormat.header(
                        FrameFormat.RAW) | BatchFormat.IDS_APART)}, body(1, 6))),
                Arguments.of("ids apart: a reference to a recent id before the first", apart(tupleTokens(1, IdSplitter.NEW,
                        IdSplitter.NEW + 2), new byte[8])),
                Arguments.of("ids apart: a reference further back than the first id", apart(tupleTokens(1,
                        IdSplitter.NEW, IdSplitter.NEW + IdSplitter.RECENT + 2), new byte[8])),
                Arguments.of("ids apart: more tokens than ids", apart(tupleTokens(1, IdSplitter.NEW, IdSplitter.NEW),
                        new byte[8])),
                Arguments.of("ids apart: ids left over", apart(tupleTokens(1, IdSplitter.NEW, IdSplitter.NEW + 1),
                        new byte[16])),
                Arguments.of("ids apart: an id section of 12 bytes", apart(tupleTokens(1, IdSplitter.NEW,
                        IdSplitter.NEW + 1), new byte[12])),
                Arguments.of("ids apart: a token cut short", apart(concat(varInt(1), varInt(1 << 1 | 1), varInt(5),
                        new byte[] {1, 1, 1, IdSplitter.NEW, (byte) 0x80}), new byte[8])),
                Arguments.of("ids apart: a number in place cut short", apart(concat(varInt(1), varInt(1 << 1 | 1),
                        varInt(8), new byte[] {1, 1, 1, IdSplitter.LITERAL, 0, 0, 0, 5}), new byte[0])),
                Arguments.of("ids apart: more anchors than tokens", apart(tupleTokens(40, IdSplitter.NEW, IdSplitter.NEW + 1),
                        new byte[8])),
                Arguments.of("ids apart: references that rebuild more than the cap", apart(referencesBomb(),
                        new byte[8])));
    }

    /** A compressed frame with ids apart: {@code body} (count and entries, tasks flagged), then {@code ids}. */
    static byte[] apart(byte[] body, byte[] ids) {
        byte[] frame = compressed(CodecId.ZSTD, body);
        frame[0] |= BatchFormat.IDS_APART;
        return concat(frame, ids);
    }

    /**
     * One flagged message to task 1: source task 1, stream 1, {@code anchors} anchors, then {@code tokens} (one
     * byte each) and a values list of nothing.
     */
    static byte[] tupleTokens(int anchors, int... tokens) {
        ByteArrayOutputStream tuple = new ByteArrayOutputStream();
        tuple.writeBytes(new byte[] {1, 1});
        tuple.writeBytes(varInt(anchors));
        for (int t : tokens) {
            tuple.write(t);
        }
        tuple.writeBytes(new byte[] {0, 0}); // no values, no Longs
        return concat(varInt(1), varInt(1 << 1 | 1), varInt(tuple.size()), tuple.toByteArray());
    }

    /** 20 messages of 2,000 anchors, every token but the first a reference: 40 KB that rebuild to 640 KB. */
    static byte[] referencesBomb() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(varInt(20));
        for (int m = 0; m < 20; m++) {
            ByteArrayOutputStream tuple = new ByteArrayOutputStream();
            tuple.writeBytes(new byte[] {1, 1});
            tuple.writeBytes(varInt(1000));
            for (int t = 0; t < 2000; t++) {
                tuple.write(m == 0 && t == 0 ? IdSplitter.NEW : IdSplitter.NEW + 1);
            }
            tuple.writeBytes(new byte[] {0, 0});
            body.writeBytes(varInt(1 << 1 | 1));
            body.writeBytes(varInt(tuple.size()));
            body.writeBytes(tuple.toByteArray());
        }
        return body.toByteArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileFrames")
    void rejectedCountedAndTheOtherBatchesDelivered(String name, byte[] hostile) {
        Loopback link = new Loopback("codec", "zstd", "max.decompressed.bytes", CAP, "max.batch.bytes", 4096);
        List<TaskMessage> first = List.of(event(1, "a"), event(2, "b"));
        List<TaskMessage> second = List.of(event(3, "c"));
        link.sender.send(first.iterator());
        link.sender.send(second.iterator());
        List<TaskMessage> arriving = new ArrayList<>(link.wire);
        arriving.add(1, new TaskMessage(BatchFormat.BATCH_TASK, hostile));
        link.delivered.clear();

        link.receiver.recv(arriving);

        BatchRoundTripTest.assertSame(Stream.concat(first.stream(), second.stream()).toList(), link.received());
        assertEquals(1, BatchMetrics.snapshot().get("-> :1").rejected(), name + " is counted once");
        // The link still works for the next delivery.
        link.delivered.clear();
        link.sender.send(second.iterator());
        BatchRoundTripTest.assertSame(second, link.received());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostileFrames")
    void noFrameBuildsMoreMessagesThanASenderBundles(String name, byte[] hostile) {
        BatchReader reader = new BatchReader(BatchSettings.fromConf(java.util.Map.of(
                BatchCompressionOptions.MAX_DECOMPRESSED_BYTES.key(), CAP,
                BatchCompressionOptions.MAX_BATCH_BYTES.key(), 4096)));
        List<TaskMessage> out = new ArrayList<>();
        org.junit.jupiter.api.Assertions.assertThrows(FrameRejectedException.class, () -> reader.read(hostile, out));
        assertEquals(List.of(), out, name + " builds nothing");
    }

    @org.junit.jupiter.api.Test
    void aReceiverWithoutACodecAcceptsOnlyRawFrames() {
        Loopback link = new Loopback("codec", "none");
        link.receiver.recv(List.of(new TaskMessage(BatchFormat.BATCH_TASK, compressed(CodecId.ZSTD, body(2, 4))),
                new TaskMessage(BatchFormat.BATCH_TASK, concat(header(FrameFormat.RAW), body(2, 4)))));
        assertEquals(2, link.received().size(), "the raw frame's two messages");
        assertEquals(1, BatchMetrics.snapshot().get("-> :1").rejected());
    }

    static TaskMessage event(int task, String user) {
        return new TaskMessage(task, ("{\"user\":\"" + user + "\",\"action\":\"view\"}").getBytes(StandardCharsets.UTF_8));
    }
}
