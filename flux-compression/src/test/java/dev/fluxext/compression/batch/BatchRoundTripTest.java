package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bundles of 1..N messages through the batch transport's sending and receiving halves, for every codec. */
class BatchRoundTripTest {

    static List<TaskMessage> events(int n, Random random) {
        List<TaskMessage> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String json = "{\"user\":\"u" + random.nextInt(1000) + "\",\"action\":\""
                    + List.of("view", "click", "buy").get(random.nextInt(3)) + "\",\"ts\":" + (1_700_000_000L + i)
                    + ",\"page\":\"/products/" + random.nextInt(50) + "\"}";
            out.add(new TaskMessage(random.nextInt(Short.MAX_VALUE), json.getBytes(StandardCharsets.UTF_8)));
        }
        return out;
    }

    static void assertSame(List<TaskMessage> expected, List<TaskMessage> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).task(), actual.get(i).task(), "task of message " + i);
            assertArrayEquals(expected.get(i).message(), actual.get(i).message(), "payload of message " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "snappy", "gzip", "none"})
    void bundlesOfOneToManyMessagesArriveIntactAndInOrder(String codec) {
        Loopback link = new Loopback("codec", codec, "max.batch.bytes", 4096);
        Random random = new Random(7);
        List<TaskMessage> all = new ArrayList<>();
        for (int n : new int[] {1, 2, 3, 10, 100, 500}) {
            List<TaskMessage> bundle = events(n, random);
            all.addAll(bundle);
            link.sender.send(bundle.iterator());
        }
        // The smallest tuple Storm can write (4 bytes) and one bigger than a whole bundle (sent on its own) keep their
        // place too.
        List<TaskMessage> odd = List.of(new TaskMessage(3, new byte[4]), new TaskMessage(4, new byte[10_000]),
                new TaskMessage(5, "xyzw".getBytes(StandardCharsets.UTF_8)));
        all.addAll(odd);
        link.sender.send(odd.iterator());

        assertSame(all, link.received());
        assertTrue(link.wire.stream().allMatch(m -> m.task() == BatchFormat.BATCH_TASK || m.message().length == 10_000),
                "everything but the oversized message travels in bundle frames");
        BatchSnapshot s = BatchMetrics.snapshot().get("-> peer");
        assertEquals(all.size() - 1, s.messages());
        long frames = link.wire.stream().filter(m -> m.task() == BatchFormat.BATCH_TASK).count();
        assertEquals(frames, s.batches());
        assertEquals(link.wire.stream().filter(m -> m.task() == BatchFormat.BATCH_TASK)
                .mapToLong(m -> 6 + m.message().length).sum(), s.bytesAfter());
        assertTrue(link.wire.stream().filter(m -> m.task() == BatchFormat.BATCH_TASK)
                .allMatch(m -> m.message().length <= 1 + 5 + 5 + 4096), "bundles split at maxBatchBytes");
        if (!codec.equals("none")) {
            assertTrue(s.ratio() < 0.5, codec + " shrinks bundles of small JSON events: ratio " + s.ratio());
            assertTrue(link.wire.stream().anyMatch(m -> m.task() == BatchFormat.BATCH_TASK
                    && (m.message()[0] & FrameFormat.CODEC_MASK) != FrameFormat.RAW));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "snappy", "gzip"})
    void incompressibleBundlesGoRaw(String codec) {
        Loopback link = new Loopback("codec", codec);
        byte[] noise = new byte[3000];
        new Random(1).nextBytes(noise);
        List<TaskMessage> bundle = List.of(new TaskMessage(1, noise), new TaskMessage(2, noise.clone()));
        link.sender.send(bundle.iterator());
        assertSame(bundle, link.received());
        // Two copies of the same noise do repeat; one alone does not.
        Loopback single = new Loopback("codec", codec);
        single.sender.send(List.of(new TaskMessage(1, noise)).iterator());
        assertEquals(FrameFormat.RAW, single.wire.get(0).message()[0] & FrameFormat.CODEC_MASK);
        assertSame(List.of(new TaskMessage(1, noise)), single.received());
    }
}
