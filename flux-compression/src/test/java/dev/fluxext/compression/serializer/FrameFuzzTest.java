package dev.fluxext.compression.serializer;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.storm.StormKryo;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded fuzz of received tuple frames, raw and compressed with every codec: real tuples of every type Storm
 * registers, serialized, then mutated (random bytes, huge lengths written where Kryo reads one, truncation, garbage)
 * and, for a codec, compressed so that the mutation survives decompression. Every frame must be either read or
 * rejected with {@link FrameRejectedException}; none may end in {@link OutOfMemoryError} or any other throwable, and
 * none may allocate much more than its own size. Surefire runs it with {@code -Xmx64m} (execution
 * {@code hostile-frames-small-heap}), where the 4 GB arrays a 2^31-2 length asks for fail at once.
 *
 * <p>{@code -Dfuzz.count=100000} (frames per kind) and {@code -Dfuzz.seed=...} for a bigger or another run.
 */
class FrameFuzzTest {

    static final long SEED = Long.getLong("fuzz.seed", 10L);
    static final int COUNT = Integer.getInteger("fuzz.count", 4_000);
    static final int CAP = 1 << 20;
    /** What one frame may allocate: Kryo's objects for one wire byte (a one-byte Long, an element's reference) take
     *  tens of bytes, never megabytes; plus a constant, and a list of nulls, which has no byte per element but may
     *  hold CAP / 8 of them (references of 4-8 bytes, copied as the list grows: up to 3 x CAP). */
    static final int ALLOCATION_PER_BYTE = 64;
    static final long ALLOCATION_SLACK = (1 << 20) + 3L * CAP;
    static final int[] HUGE = {Integer.MAX_VALUE - 1, Integer.MAX_VALUE, 1 << 30, 1 << 28, 1 << 24};
    static final List<Object> GOOD = List.of("a good tuple ".repeat(50), 7L);
    static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    final KryoValuesSerializer sender = StormKryo.serializer(StormKryo.conf(settings()));
    final KryoValuesDeserializer receiver = StormKryo.deserializer(
            StormKryo.conf(settings(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), CAP)));

    @ParameterizedTest
    @ValueSource(strings = {"raw", "zstd", "lz4", "snappy", "gzip"})
    void everyFuzzedFrameIsReadOrRejectedWithinItsSize(String kind) {
        CodecId codecId = kind.equals("raw") ? null : CodecId.byConfigName(kind);
        Codec codec = codecId == null ? null : codecId.create(CompressionSettings.defaults());
        Random random = new Random(SEED * 31 + kind.hashCode());
        Outcomes outcomes = new Outcomes();
        for (int i = 0; i < 200; i++) { // warm-up: codecs, Kryo registrations and exception classes get loaded
            outcomes.deserialize(frame(codecId, codec, mutated(random), random), false);
        }
        outcomes = new Outcomes();
        for (int i = 0; i < COUNT; i++) {
            outcomes.deserialize(frame(codecId, codec, mutated(random), random), true);
        }
        System.out.printf("fuzz %s seed %d: %d frames, %d read, %d rejected, %d OutOfMemoryError, %d other, "
                + "%d over the allocation bound, max %d bytes allocated for one frame%n", kind, SEED, COUNT,
                outcomes.read, outcomes.rejected, outcomes.outOfMemory, outcomes.other, outcomes.overAllocated,
                outcomes.maxAllocated);
        assertEquals(0, outcomes.outOfMemory, kind + ": OutOfMemoryError for " + outcomes.samples);
        assertEquals(0, outcomes.other, kind + ": neither read nor rejected: " + outcomes.samples);
        assertEquals(0, outcomes.overAllocated, kind + ": allocated past the frame for " + outcomes.samples);
        assertTrue(outcomes.rejected > COUNT / 4, kind + ": the fuzz should mostly produce bad frames: " + outcomes);
        assertEquals(GOOD, receiver.deserialize(sender.serialize(GOOD)), "the receiver still reads good frames");
    }

    final class Outcomes {
        int read;
        int rejected;
        int outOfMemory;
        int other;
        int overAllocated;
        long maxAllocated;
        final List<String> samples = new ArrayList<>();

        void deserialize(byte[] wire, boolean measure) {
            long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
            try {
                receiver.deserialize(wire);
                read++;
            } catch (FrameRejectedException e) {
                rejected++;
            } catch (OutOfMemoryError e) {
                outOfMemory++;
                sample(wire, e);
            } catch (Throwable e) {
                other++;
                sample(wire, e);
            }
            long allocated = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            if (measure) {
                maxAllocated = Math.max(maxAllocated, allocated);
                if (allocated > (long) ALLOCATION_PER_BYTE * Math.max(wire.length, decompressedLength(wire))
                        + ALLOCATION_SLACK) {
                    overAllocated++;
                    sample(wire, new AssertionError(allocated + " bytes allocated"));
                }
            }
        }

        private void sample(byte[] wire, Throwable e) {
            if (samples.size() < 5) {
                samples.add(e + " <- " + HexFormat.of().formatHex(wire, 0, Math.min(wire.length, 48)));
            }
        }

        @Override
        public String toString() {
            return read + " read, " + rejected + " rejected";
        }
    }

    /** The decompressed length a compressed frame declares (its buffer may grow to that, up to the cap). */
    static int decompressedLength(byte[] wire) {
        if (wire.length < 2 || (wire[0] & FrameFormat.CODEC_MASK) == FrameFormat.RAW) {
            return 0;
        }
        int value = 0;
        for (int i = 1, shift = 0; i < Math.min(wire.length, 6); i++, shift += 7) {
            value |= (wire[i] & 0x7F) << shift;
            if ((wire[i] & 0x80) == 0) {
                break;
            }
        }
        return Math.max(0, Math.min(value, CAP));
    }

    /** A real tuple's serialized values (without the frame header), then mutated. */
    byte[] mutated(Random random) {
        byte[] wire = sender.serialize(tuple(random));
        byte[] values = Arrays.copyOfRange(wire, 1, wire.length);
        int kind = random.nextInt(10);
        if (kind < 4) {
            return withHugeLength(values, random);
        }
        if (kind < 6) {
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                values[random.nextInt(values.length)] = (byte) random.nextInt(256);
            }
            return values;
        }
        if (kind < 8) {
            return Arrays.copyOf(values, random.nextInt(values.length + 1));
        }
        byte[] garbage = new byte[1 + random.nextInt(200)];
        random.nextBytes(garbage);
        return garbage;
    }

    /** Writes a huge count where a length may be: as a plain varint or as Kryo's string length (a flagged one). */
    static byte[] withHugeLength(byte[] values, Random random) {
        Output out = new Output(values.length + 16, -1);
        int at = random.nextInt(values.length + 1);
        out.writeBytes(values, 0, at);
        int huge = HUGE[random.nextInt(HUGE.length)];
        if (random.nextBoolean()) {
            out.writeVarIntFlag(true, huge, true);
        } else {
            out.writeVarInt(huge, true);
        }
        int skip = Math.min(values.length - at, random.nextInt(6));
        out.writeBytes(values, at + skip, values.length - at - skip);
        return out.toBytes();
    }

    /** A raw frame, or a frame compressed with {@code codec}; sometimes with its compressed bytes damaged too. */
    static byte[] frame(CodecId id, Codec codec, byte[] values, Random random) {
        Output out = new Output(64, -1);
        if (codec == null) {
            out.writeByte(FrameFormat.header(FrameFormat.RAW));
            out.writeBytes(values);
            return out.toBytes();
        }
        byte[] compressed = new byte[codec.maxCompressedLength(values.length)];
        int n = codec.compress(values, 0, values.length, compressed, 0, compressed.length);
        out.writeByte(FrameFormat.header(id.id()));
        out.writeVarInt(values.length, true);
        out.writeVarInt(n, true);
        out.writeBytes(compressed, 0, n);
        byte[] frame = out.toBytes();
        if (random.nextInt(5) == 0) {
            frame[1 + random.nextInt(frame.length - 1)] = (byte) random.nextInt(256);
        }
        return frame;
    }

    /** Values of every type Storm registers for tuples, nested now and then. */
    static List<Object> tuple(Random random) {
        List<Object> values = new ArrayList<>();
        for (int n = 1 + random.nextInt(4); n > 0; n--) {
            values.add(value(random, 0));
        }
        return values;
    }

    static Object value(Random random, int depth) {
        switch (random.nextInt(depth < 2 ? 12 : 8)) {
            case 0: return "word " + random.nextInt(1000);
            case 1: return "ünïcödé ".repeat(1 + random.nextInt(20));
            case 2: return random.nextLong();
            case 3: return random.nextInt();
            case 4: return random.nextDouble();
            case 5: return new BigInteger(1 + random.nextInt(300), random);
            case 6: {
                byte[] bytes = new byte[random.nextInt(100)];
                random.nextBytes(bytes);
                return bytes;
            }
            case 7: return null;
            case 8: {
                ArrayList<Object> list = new ArrayList<>();
                for (int n = random.nextInt(5); n > 0; n--) {
                    list.add(value(random, depth + 1));
                }
                return list;
            }
            case 9: {
                HashMap<Object, Object> map = new HashMap<>();
                for (int n = random.nextInt(4); n > 0; n--) {
                    map.put("k" + n, value(random, depth + 1));
                }
                return map;
            }
            case 10: return new HashSet<>(List.of("a" + random.nextInt(9), "b", 3L));
            default: return new Values("v", random.nextInt(), value(random, depth + 1));
        }
    }
}
