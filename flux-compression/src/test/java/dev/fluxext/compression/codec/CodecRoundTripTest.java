package dev.fluxext.compression.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodecRoundTripTest {

    /** Every codec with every level/window setting that selects a different code path or bound. */
    static Stream<Arguments> codecs() {
        List<Arguments> out = new ArrayList<>();
        for (int level : new int[] {-5, 1, 3, 19}) {
            for (int window : new int[] {0, 10, 20}) {
                out.add(Arguments.of("zstd level " + level + " windowLog " + window, new ZstdCodec(level, window)));
            }
        }
        for (int level : new int[] {0, 1, 9, 17}) {
            out.add(Arguments.of("lz4 level " + level, new Lz4Codec(level)));
        }
        out.add(Arguments.of("snappy", new SnappyCodec()));
        for (int level : new int[] {1, 6, 9}) {
            out.add(Arguments.of("deflate level " + level, new DeflateCodec(level)));
        }
        return out.stream();
    }

    static byte[] text(int size) {
        byte[] sentence = "The quick brown fox jumps over the lazy dog while the storm gathers. "
                .getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[size];
        for (int i = 0; i < size; i++) {
            out[i] = sentence[(i * 7 + i / sentence.length) % sentence.length];
        }
        return out;
    }

    static byte[] random(int size) {
        byte[] out = new byte[size];
        new Random(size).nextBytes(out);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void roundTripsEverySizeAndIncompressibleData(String name, Codec codec) {
        List<byte[]> inputs = new ArrayList<>();
        for (int size : new int[] {0, 1, 1023, 1024, 1025, 1 << 20}) {
            inputs.add(text(size));
        }
        inputs.add(random(1 << 16));
        inputs.add(random(1));
        // Twice: the second pass runs on reused contexts.
        for (int pass = 0; pass < 2; pass++) {
            for (byte[] in : inputs) {
                byte[] compressed = new byte[codec.maxCompressedLength(in.length) + 3];
                int n = codec.compress(in, 0, in.length, compressed, 3, codec.maxCompressedLength(in.length));
                assertTrue(n <= codec.maxCompressedLength(in.length), name);
                byte[] out = new byte[in.length + 2];
                int m = codec.decompress(compressed, 3, n, out, 2, in.length);
                assertEquals(in.length, m, name + " size " + in.length);
                assertArrayEquals(in, Arrays.copyOfRange(out, 2, 2 + m), name + " size " + in.length);
            }
        }
        byte[] mb = text(1 << 20);
        byte[] c = new byte[codec.maxCompressedLength(mb.length)];
        assertTrue(codec.compress(mb, 0, mb.length, c, 0, c.length) < mb.length / 4, name + " compresses text");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void refusesToWriteMoreThanTheRoomGiven(String name, Codec codec) {
        byte[] in = text(10_000);
        byte[] compressed = new byte[codec.maxCompressedLength(in.length)];
        int n = codec.compress(in, 0, in.length, compressed, 0, compressed.length);
        byte[] out = new byte[in.length];
        assertThrows(CodecException.class, () -> codec.decompress(compressed, 0, n, out, 0, in.length - 1), name);
        // Still usable after the failure.
        assertEquals(in.length, codec.decompress(compressed, 0, n, out, 0, in.length), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void rejectsTruncatedInput(String name, Codec codec) {
        byte[] in = random(5_000);
        byte[] compressed = new byte[codec.maxCompressedLength(in.length)];
        int n = codec.compress(in, 0, in.length, compressed, 0, compressed.length);
        byte[] out = new byte[in.length];
        try {
            int m = codec.decompress(compressed, 0, n / 2, out, 0, in.length);
            assertTrue(m < in.length, name + " cannot produce all bytes from half the input");
        } catch (CodecException expected) {
            // the usual outcome
        }
    }

    @org.junit.jupiter.api.Test
    void rejectsOutOfRangeLevels() {
        assertThrows(IllegalArgumentException.class, () -> new ZstdCodec(23, 0));
        assertThrows(IllegalArgumentException.class, () -> new ZstdCodec(3, 9));
        assertThrows(IllegalArgumentException.class, () -> new ZstdCodec(3, 28));
        assertThrows(IllegalArgumentException.class, () -> new Lz4Codec(18));
        assertThrows(IllegalArgumentException.class, () -> new DeflateCodec(0));
        assertThrows(IllegalArgumentException.class, () -> new DeflateCodec(10));
    }
}
