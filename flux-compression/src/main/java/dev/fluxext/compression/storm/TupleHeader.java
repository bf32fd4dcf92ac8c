package dev.fluxext.compression.storm;

/**
 * Reads, in place and without allocating, the header Storm's {@code KryoTupleSerializer} writes before a tuple's
 * values: the source task, the stream index and the anchor count as Kryo positive varints, then
 * {@link #ANCHOR_BYTES} per anchor. One reader for the receive-side check ({@link TupleHeaderCheck}) and the wire
 * counter ({@link WireCounter}, {@link TaskDirectory}), so both read the header the same way.
 */
final class TupleHeader {

    /** Storm writes an anchor as two longs: root id and edge id. */
    static final int ANCHOR_BYTES = 16;

    private TupleHeader() {
    }

    /**
     * Kryo's positive varint (unsigned LEB128, up to 5 bytes) at {@code pos}: the value in the high 32 bits, the
     * position after it in the low 32; -1 if it runs past the end or its fifth byte says more follow. A negative
     * value (5 bytes, as Storm's system task -1 is written) makes the result negative but not -1.
     */
    static long readVarInt(byte[] bytes, int pos) {
        int value = 0;
        for (int i = 0; i < 5 && pos + i < bytes.length; i++) {
            int b = bytes[pos + i];
            value |= (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return ((long) value << 32) | (pos + i + 1);
            }
        }
        return -1;
    }

    /** The value of a {@link #readVarInt} result. */
    static int value(long varInt) {
        return (int) (varInt >>> 32);
    }

    /** The position after a {@link #readVarInt} result. */
    static int position(long varInt) {
        return (int) varInt;
    }
}
