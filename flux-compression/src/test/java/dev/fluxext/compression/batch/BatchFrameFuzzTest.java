package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.frame.FrameRejectedException;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.api.Test;

/**
 * Seeded fuzz of batch frames with the ids apart: bundles of real tuple trees, split as a sender splits them, then
 * their split body or id section damaged (bytes changed, a huge varint written in, cut short, ids added or taken
 * away) before being compressed and framed honestly, so that the damage reaches the id joiner rather than the
 * codec. Every frame must be read or rejected with {@link FrameRejectedException}, nothing else, and allocate no
 * more than the cap allows. {@code -Dfuzz.count=...} and {@code -Dfuzz.seed=...} for a bigger or another run.
 */
class BatchFrameFuzzTest {

    static final long SEED = Long.getLong("fuzz.seed", 10L);
    static final int COUNT = Integer.getInteger("fuzz.count", 4_000);
    static final int CAP = 1 << 20;
    /** The payloads (at most the cap), the reused buffer (at most the cap), the message objects and the id table. */
    static final long ALLOCATION_BOUND = 3L * CAP + (1 << 20);
    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Random random = new Random(SEED);
    private final BundleIdsTest tuples = new BundleIdsTest();
    private final Codec zstd = CodecId.ZSTD.create(CompressionSettings.defaults());
    private final BatchReader reader = new BatchReader(BatchSettings.fromConf(topology()));

    /** A topology whose values carry their Longs' mask, so the joiner reads the values' tokens too. */
    static Map<String, Object> topology() {
        Map<String, Object> conf = BundleIdsTest.batchTopology();
        conf.put(BatchCompressionOptions.MAX_DECOMPRESSED_BYTES.key(), CAP);
        return conf;
    }

    @Test
    void everyDamagedFrameIsReadOrRejectedWithinTheCap() {
        int read = 0;
        int rejected = 0;
        long maxAllocated = 0;
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < COUNT + 200; i++) { // the first 200 warm up: classes loaded, buffers grown
            byte[] frame = damagedFrame();
            List<TaskMessage> out = new ArrayList<>();
            long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
            try {
                reader.read(frame, out);
                read++;
            } catch (FrameRejectedException e) {
                rejected++;
                if (!out.isEmpty()) {
                    failures.add("rejected, yet built messages: " + hex(frame));
                }
            } catch (Throwable e) {
                failures.add(e + " <- " + hex(frame));
            }
            long allocated = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            if (i >= 200) {
                maxAllocated = Math.max(maxAllocated, allocated);
                if (allocated > ALLOCATION_BOUND + 64L * frame.length) {
                    failures.add(allocated + " bytes allocated for " + hex(frame));
                }
            }
        }
        System.out.printf("batch fuzz seed %d: %d frames, %d read, %d rejected, %d failures, max %d bytes allocated"
                + " for one frame%n", SEED, COUNT + 200, read, rejected, failures.size(), maxAllocated);
        assertEquals(List.of(), failures.subList(0, Math.min(5, failures.size())));
        assertTrue(rejected > COUNT / 4, "the fuzz should mostly produce bad frames: " + rejected + " rejected");
        assertTrue(read > 0, "and some it can read: " + read + " read");
    }

    /** A bundle of tuple trees, its ids apart, one part damaged, compressed and framed with its true lengths. */
    byte[] damagedFrame() {
        List<TaskMessage> bundle = tuples.trees(1 + random.nextInt(20));
        byte[] body = BundleIdsTest.body(bundle);
        IdSplitter splitter = new IdSplitter(true);
        assertTrue(splitter.split(body, 0, body.length));
        byte[] split = Arrays.copyOf(splitter.body(), splitter.bodyLength());
        byte[] ids = Arrays.copyOf(splitter.ids(), splitter.idsLength());
        switch (random.nextInt(6)) {
            case 0, 1 -> changeBytes(split);
            case 2 -> split = withHugeVarInt(split);
            case 3 -> split = Arrays.copyOf(split, random.nextInt(split.length + 1));
            case 4 -> ids = Arrays.copyOf(ids, Math.max(0, ids.length + 8 * (random.nextInt(5) - 2)));
            default -> changeBytes(ids.length > 0 ? ids : split);
        }
        byte[] compressed = new byte[zstd.maxCompressedLength(split.length)];
        int n = zstd.compress(split, 0, split.length, compressed, 0, compressed.length);
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write(FrameFormat.header(CodecId.ZSTD.id()) | BatchFormat.IDS_APART);
        frame.writeBytes(HostileBatchFrameTest.varInt(split.length));
        frame.writeBytes(HostileBatchFrameTest.varInt(n));
        frame.write(compressed, 0, n);
        frame.writeBytes(ids);
        return frame.toByteArray();
    }

    private void changeBytes(byte[] bytes) {
        for (int n = 1 + random.nextInt(4); n > 0 && bytes.length > 0; n--) {
            bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
        }
    }

    private byte[] withHugeVarInt(byte[] bytes) {
        int at = random.nextInt(bytes.length + 1);
        int huge = new int[] {Integer.MAX_VALUE, 1 << 30, 1 << 24, 1 << 16, 200}[random.nextInt(5)];
        return HostileBatchFrameTest.concat(Arrays.copyOf(bytes, at), HostileBatchFrameTest.varInt(huge),
                Arrays.copyOfRange(bytes, Math.min(bytes.length, at + random.nextInt(3)), bytes.length));
    }

    private static String hex(byte[] frame) {
        return HexFormat.of().formatHex(frame, 0, Math.min(frame.length, 48));
    }
}
