package dev.fluxext.compression.frame;

/**
 * The header byte of a frame (documented byte by byte in docs/compression-internals.md):
 * <pre>
 *   bit 7-6  format version, currently 1
 *   bit 5    reserved, must be 0 (a batch frame of the transport uses it: its ids go apart)
 *   bit 4    dictionary flag: a varint dictionary id follows the compressed length (reserved for zstd
 *            dictionaries; this version rejects frames that set it)
 *   bit 3-0  codec id: 0 raw, 1 zstd, 2 lz4, 3 snappy, 4 DEFLATE; others are rejected
 * </pre>
 * A compressed frame is the header, the uncompressed length (varint), the compressed length (varint), [dictionary
 * id (varint)], then the compressed bytes. Varints are unsigned LEB128, as Kryo's {@code writeVarInt(value, true)}
 * writes them. A raw frame is the values inline, without a header (a component that does not compress pays
 * nothing), unless their first byte has the header's version bits: then the raw header {@code 0x40} goes first.
 * So a byte with version bits 1 starts a header, any other the values themselves.
 */
public final class FrameFormat {

    public static final int VERSION = 1;
    public static final int VERSION_SHIFT = 6;
    public static final int RESERVED_FLAG = 0x20;
    public static final int DICTIONARY_FLAG = 0x10;
    public static final int CODEC_MASK = 0x0F;
    public static final int RAW = 0;

    private FrameFormat() {
    }

    /** Whether a frame starting with {@code first} starts with a header (else it is raw values, inline). */
    public static boolean looksLikeHeader(byte first) {
        return (first & 0xFF) >>> VERSION_SHIFT == VERSION;
    }

    public static int header(int codecId) {
        return (VERSION << VERSION_SHIFT) | codecId;
    }

    /**
     * A buffer of at least {@code needed} bytes: {@code buffer} itself if big enough, else a new one, doubling to
     * keep re-allocations rare while tuple sizes grow, but never beyond {@code limit} unless {@code needed} is.
     */
    public static byte[] grow(byte[] buffer, int needed, int limit) {
        if (buffer.length >= needed) {
            return buffer;
        }
        long doubled = Math.min((long) buffer.length * 2, limit);
        return new byte[(int) Math.max(needed, doubled)];
    }

    /**
     * Reads, in place and without allocating, the varint (Kryo's positive varint: unsigned LEB128, up to 5 bytes) at
     * {@code pos} of {@code in[.., end)}. The one reader of the batch and tuple-header code, each caller passing its
     * own bound.
     *
     * @return the value in the high 32 bits ({@link #varIntValue}), the position after it in the low 32
     *     ({@link #varIntEnd}); -1 if it runs past {@code end} or its fifth byte says more follow. A negative value
     *     (5 bytes, as Storm writes its system task -1) makes the result negative but not -1.
     */
    public static long readVarInt(byte[] in, int pos, int end) {
        if (pos < end && in[pos] >= 0) {
            // Most varints here (tasks, streams, lengths, tokens) are one byte: no loop for them.
            return ((long) in[pos] << 32) | (pos + 1);
        }
        int value = 0;
        for (int i = 0; i < 5 && pos + i < end; i++) {
            int b = in[pos + i];
            value |= (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return ((long) value << 32) | (pos + i + 1);
            }
        }
        return -1;
    }

    /** The value of a {@link #readVarInt} result. */
    public static int varIntValue(long read) {
        return (int) (read >>> 32);
    }

    /** The position after the varint of a {@link #readVarInt} result. */
    public static int varIntEnd(long read) {
        return (int) read;
    }

    /** Bytes an unsigned LEB128 varint of {@code value} takes (1-5). */
    public static int varIntLength(int value) {
        if ((value >>> 7) == 0) {
            return 1;
        }
        if ((value >>> 14) == 0) {
            return 2;
        }
        if ((value >>> 21) == 0) {
            return 3;
        }
        if ((value >>> 28) == 0) {
            return 4;
        }
        return 5;
    }
}
