package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionSettings;
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
                Arguments.of("raw: task id beyond a short", concat(header(FrameFormat.RAW), varInt(1),
                        varInt(70_000), varInt(0))));
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

    static TaskMessage event(int task, String user) {
        return new TaskMessage(task, ("{\"user\":\"" + user + "\",\"action\":\"view\"}").getBytes(StandardCharsets.UTF_8));
    }
}
