package dev.fluxext.compression.batch;

import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.serializer.FixedLongValues;

/**
 * Where Storm's random 64-bit ids sit in a tuple as topologies on this transport serialize it, so that a bundle
 * can carry each id once, outside the codec ({@link IdSplitter}, {@link IdJoiner}). A codec cannot shrink a random
 * id and pays more than its 8 bytes among its literals; and a tuple tree's root id comes again in every tuple of
 * the tree and in every acker tuple about it, often in the same bundle.
 *
 * <p>A tuple is Storm's {@code KryoTupleSerializer} output: source task and stream (varints), the anchor count
 * (varint) and per anchor its root and edge id (8 bytes each), then the values. The values, as
 * {@link FixedLongValues} writes them, start with their count (one byte below {@code 0x40}: no frame header before
 * them) and a mask of the values that are {@code Long}s, whose 8 bytes each follow the mask. Those two runs of
 * 8-byte words are a tuple's ids. The rule is read from the bytes before each run, which the split leaves as they
 * are, so both ends find the same runs in any message; bytes that do not follow it (a message cut short) are sent
 * as they are, marked so.
 */
final class BundleIds {

    /** Below this, a tuple's first values byte is their count, not a frame header (see {@code FrameFormat}). */
    private static final int HEADER_BITS = 0x40;

    private BundleIds() {
    }

    /**
     * The position of the anchor count of the message at {@code [pos, end)}, after its source task and stream;
     * -1 if those do not fit. (Task ids may be negative: Storm's system task is written as 5 bytes.)
     */
    static int anchorCountAt(byte[] in, int pos, int end) {
        long task = FrameFormat.readVarInt(in, pos, end);
        long stream = task == -1 ? -1 : FrameFormat.readVarInt(in, varIntEnd(task), end);
        return stream == -1 ? -1 : varIntEnd(stream);
    }

    /**
     * The values' header at {@code pos}: the number of {@code Long}s whose 8 bytes follow it in the value bits of the
     * result, the position after the header in the low bits; 0 if no header is there (nothing follows, a frame
     * header, or a mask that is not one), so no ids follow either.
     */
    static long valuesHeader(byte[] in, int pos, int end) {
        if (pos >= end || (in[pos] & 0xFF) >= HEADER_BITS) {
            return 0;
        }
        int count = in[pos];
        long mask = BatchFormat.readVarInt(in, pos + 1, end);
        if (mask < 0) {
            return 0;
        }
        int bits = varIntValue(mask);
        if (count < FixedLongValues.MASKED && bits >>> count != 0) {
            return 0;
        }
        return ((long) Integer.bitCount(bits) << 32) | varIntEnd(mask);
    }

    static int longs(long valuesHeader) {
        return (int) (valuesHeader >>> 32);
    }

    static int afterHeader(long valuesHeader) {
        return (int) valuesHeader;
    }

    /**
     * Puts {@code id} first among the {@code count} recent ids, moving the {@code before} ones before it down (the
     * splitter's and the joiner's list, kept alike).
     *
     * @return the count of recent ids now
     */
    static int toFront(long[] recent, int count, int before, long id) {
        for (int q = before; q > 0; q--) {
            recent[q] = recent[q - 1];
        }
        recent[0] = id;
        return Math.max(count, before + 1);
    }
}
