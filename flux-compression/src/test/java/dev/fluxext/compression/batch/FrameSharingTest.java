package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.tls.TlsKeys;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.api.Test;

/**
 * The CRIME condition on the batch transport, and the {@code frames} option that removes it: what an observer of
 * the wire's lengths learns when an attacker's tuples share a compressed frame with another task's secret.
 */
class FrameSharingTest {

    private static final Map<String, Object> TLS = Map.of(TlsKeys.ENABLE, true);
    private static final String SECRET = "session=Q7mZ2xK9pL4vR8nT3wY6bH1cJ5dF0gS";

    /** A tuple as Storm serializes it: the source task's varint first, then the rest. */
    private static TaskMessage tuple(int destination, int sourceTask, String rest) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] task = new byte[5];
        int end = BatchFormat.writeVarInt(task, 0, sourceTask);
        bytes.write(task, 0, end);
        bytes.writeBytes(rest.getBytes(StandardCharsets.UTF_8));
        return new TaskMessage(destination, bytes.toByteArray());
    }

    /** The messages of each frame on the wire, frame by frame. */
    private static List<List<TaskMessage>> frames(Loopback link) {
        BatchReader reader = new BatchReader(BatchSettings.fromConf(Map.of()));
        List<List<TaskMessage>> frames = new ArrayList<>();
        for (TaskMessage m : link.wire) {
            List<TaskMessage> in = new ArrayList<>();
            reader.read(m.message(), in);
            frames.add(in);
        }
        return frames;
    }

    private static long wireBytes(Loopback link) {
        return link.wire.stream().mapToLong(m -> m.message().length).sum();
    }

    /** One bundle: the victim task's tuple holding the secret, then the attacker's tuple holding a guess. */
    private static long bytesWithGuess(String guess, Map<String, Object> conf) {
        Loopback link = Loopback.inTopology(conf, "codec", "zstd", "min.batch.bytes", 0);
        List<TaskMessage> bundle = List.of(
            tuple(10, 1, "{\"order\":7781,\"" + SECRET + "\",\"total\":\"12.50\"}"),
            tuple(11, 2, "{\"comment\":\"" + guess + "\"}"));
        link.sender.send(bundle.iterator());
        BatchRoundTripTest.assertSame(bundle, link.received());
        return wireBytes(link);
    }

    @Test
    void sharedFramesTellAnObserverWhetherAGuessMatchedAnotherTasksSecret() {
        String right = SECRET;
        String wrong = "session=W3eR5tY7uI9oP2aS4dF6gH8jK1lZ0xC"; // same length, no more repeats of its own
        long rightShared = bytesWithGuess(right, Map.of());
        long wrongShared = bytesWithGuess(wrong, Map.of());
        assertTrue(rightShared < wrongShared - 20, "shared: right guess " + rightShared + " B, wrong " + wrongShared);

        long rightSeparate = bytesWithGuess(right, TLS);
        long wrongSeparate = bytesWithGuess(wrong, TLS);
        assertEquals(wrongSeparate, rightSeparate, "per-source frames (the default under TLS) show no difference");
    }

    /** Wire bytes over raw bytes of one bundle of {@code n} test events from {@code sources} tasks in turn. */
    private static double ratio(int n, int sources, String frames) {
        List<TaskMessage> events = BatchRoundTripTest.events(n, new java.util.Random(3));
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bundle.add(tuple(events.get(i).task(), 1 + i % sources,
                new String(events.get(i).message(), StandardCharsets.UTF_8)));
        }
        Loopback link = Loopback.inTopology(Map.of(), "codec", "zstd", "frames", frames, "min.batch.bytes", 0);
        link.sender.send(bundle.iterator());
        long raw = bundle.stream().mapToLong(m -> 6 + m.message().length).sum();
        return link.wire.stream().mapToLong(m -> 6 + m.message().length).sum() / (double) raw;
    }

    /**
     * What per-source frames cost in bytes (docs/tls.md quotes the printed table): large bundles keep most of their
     * repeats, small bundles from many tasks lose most.
     */
    @Test
    void perSourceFramesKeepMostRepeatsOfLargeBundles() {
        System.out.println("| events | source tasks | shared | per-source |");
        for (int sources : new int[] {1, 2, 4, 8}) {
            for (int n : new int[] {50, 200, 1000}) {
                System.out.printf("| %d | %d | %.3f | %.3f |%n", n, sources, ratio(n, sources, "shared"),
                    ratio(n, sources, "per-source"));
            }
        }
        assertEquals(ratio(1000, 1, "shared"), ratio(1000, 1, "per-source"), 1e-9, "one task: the same frames");
        assertTrue(ratio(1000, 8, "per-source") < 1.1 * ratio(1000, 8, "shared"));
        assertTrue(ratio(50, 8, "per-source") > 1.5 * ratio(50, 8, "shared"), "small bundles from many tasks lose");
    }

    @Test
    void perSourceFramesHoldOneTaskEachAndKeepEachTasksOrder() {
        Loopback link = Loopback.inTopology(Map.of(), "codec", "zstd", "frames", "per-source");
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            bundle.add(tuple(100 + i % 4, 1 + i % 3, "{\"n\":" + i + ",\"payload\":\"abcabcabcabcabc\"}"));
        }
        link.sender.send(bundle.iterator());

        List<List<TaskMessage>> frames = frames(link);
        assertEquals(3, frames.size(), "one frame per source task");
        for (List<TaskMessage> frame : frames) {
            int source = FrameSharing.sourceTask(frame.get(0).message());
            assertTrue(frame.stream().allMatch(m -> FrameSharing.sourceTask(m.message()) == source));
            List<TaskMessage> sent = bundle.stream().filter(m -> FrameSharing.sourceTask(m.message()) == source)
                .toList();
            BatchRoundTripTest.assertSame(sent, frame);
        }
    }

    @Test
    void sharedFramesMixTasksAndPerMessageFramesHoldOne() {
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            bundle.add(tuple(100, 1 + i % 3, "{\"n\":" + i + ",\"payload\":\"abcabcabcabcabc\"}"));
        }
        Loopback shared = Loopback.inTopology(Map.of(), "codec", "zstd");
        shared.sender.send(bundle.iterator());
        assertEquals(1, frames(shared).size());

        Loopback single = Loopback.inTopology(Map.of(), "codec", "zstd", "frames", "per-message");
        single.sender.send(bundle.iterator());
        assertEquals(12, frames(single).size());
        BatchRoundTripTest.assertSame(bundle, single.received());
    }

    @Test
    void autoIsPerSourceExactlyWhenStormsTlsIsOn() {
        assertEquals(FrameSharing.SHARED, BatchSettings.fromConf(Map.of()).frames());
        assertEquals(FrameSharing.PER_SOURCE, BatchSettings.fromConf(TLS).frames());
        assertEquals(FrameSharing.PER_SOURCE, BatchSettings.fromConf(Map.of(TlsKeys.ENABLE, "true")).frames());
        assertEquals(FrameSharing.SHARED, BatchSettings.fromConf(Map.of(TlsKeys.ENABLE, false)).frames());
        assertEquals(FrameSharing.PER_SOURCE, BatchSettings.fromConf(Map.of(TlsKeys.PASSWORD_FILE, "/p"))
            .frames(), "the transport.tls block's submitted config");
        assertEquals(FrameSharing.SHARED, BatchSettings.fromConf(Map.of(TlsKeys.ENABLE, true,
            BatchCompressionOptions.FRAMES.key(), "shared")).frames());
        assertThrows(IllegalArgumentException.class,
            () -> BatchSettings.fromConf(Map.of(BatchCompressionOptions.FRAMES.key(), "sometimes")));
    }

    @Test
    void aPayloadWithoutASourceTaskSharesNoFrame() {
        assertEquals(-1, FrameSharing.sourceTask(new byte[] {(byte) 0x80, (byte) 0x80}));
        assertEquals(-1, FrameSharing.sourceTask(null));
        assertEquals(300, FrameSharing.sourceTask(tuple(1, 300, "x").message()));
    }
}
