package dev.fluxext.compression.frame;

import com.esotericsoftware.kryo.io.Input;

/**
 * A Kryo {@link Input} over one received frame that checks every length it is asked to read against the bytes left
 * in the frame before anything is allocated for it. Kryo's own {@code Input} allocates first (a string declaring
 * 2^31-2 characters gets a 4 GB {@code char[]}, {@code readBytes(n)} a {@code byte[n]}) and only then finds the bytes
 * missing. Each element needs at least one byte on the wire (a character, a byte, a varint), so a declared count
 * above the bytes left is a lie, rejected as {@link FrameRejectedException}.
 *
 * <p>What Kryo's serializers read through this input is bounded: strings (values, and class names, which Kryo's
 * class resolver reads with {@link #readString()}), {@code byte[]} and other primitive arrays, {@code BigInteger} and
 * {@code BigDecimal} (both read their magnitude with {@link #readBytes(int)}). Serializers that size a container
 * from a count they read themselves call {@link #collectionCapacity} or {@link #requireElements} (see
 * {@link dev.fluxext.compression.serializer.BoundedSerializers}). Over a stream (never in Storm, which hands a whole
 * message), the bytes left are unknown and nothing is checked.
 */
public final class BoundedInput extends Input {

    private final int maxNullElements;

    /**
     * @param cap the receiver's cap on decompressed bytes: a collection of nulls, which Kryo writes as its count
     *            alone, may hold one null per 8 bytes of it (the memory its references take)
     */
    public BoundedInput(int cap) {
        this.maxNullElements = Math.max(1, cap / Long.BYTES);
    }

    /** Checks that {@code input} has at least {@code count * minBytesEach} bytes left, if it is a bounded one. */
    public static void requireElements(Input input, int count, int minBytesEach, String what) {
        if (input instanceof BoundedInput bounded) {
            bounded.require(count, minBytesEach, what);
        }
    }

    /**
     * The capacity to give a collection declaring {@code count} elements, read next from {@code input}: each
     * takes at least a byte, except in a collection of nulls only (its elements' class id, next, is 0 for null
     * and nothing follows), which may hold up to the cap's number of nulls and then grows as they are read.
     */
    public static int collectionCapacity(Input input, int count, String what) {
        if (!(input instanceof BoundedInput bounded) || bounded.inputStream != null) {
            return count;
        }
        return bounded.collectionCapacity(count, what);
    }

    private int collectionCapacity(int count, String what) {
        int left = limit - position;
        if (count >= 0 && count <= left) {
            return count;
        }
        if (count >= 0 && count <= maxNullElements && position < limit && buffer[position] == 0) {
            return left;
        }
        throw new FrameRejectedException(what + " declares " + count + " elements but the frame has " + left
                + " bytes left" + (count > maxNullElements ? "" : " and they are not all null"));
    }

    private void require(long count, int minBytesEach, String what) {
        if (inputStream != null) {
            return;
        }
        long left = limit - position;
        if (count < 0 || count * minBytesEach > left) {
            throw new FrameRejectedException(what + " declares " + count + (minBytesEach == 1 ? "" : " x "
                    + minBytesEach + " bytes") + " but the frame has " + left + " bytes left");
        }
    }

    @Override
    public String readString() {
        checkDeclaredChars();
        return super.readString();
    }

    @Override
    public StringBuilder readStringBuilder() {
        checkDeclaredChars();
        return super.readStringBuilder();
    }

    /**
     * Kryo writes a string as ASCII (read byte by byte, bounded by the buffer) or as a varint count then UTF-8
     * characters of 1 to 3 bytes each, for which it allocates the count's {@code char[]} first. Peeks at that count.
     */
    private void checkDeclaredChars() {
        if (inputStream != null || position == limit || !readVarIntFlag()) {
            return;
        }
        int start = position;
        int declared = readVarIntFlag(true); // 0 null, 1 empty, n: n - 1 characters; negative: a lie
        require(declared == 0 ? 0 : declared - 1L, 1, "string");
        position = start;
    }

    @Override
    public byte[] readBytes(int length) {
        require(length, 1, "byte array");
        return super.readBytes(length);
    }

    @Override
    public int[] readInts(int length) {
        require(length, Integer.BYTES, "int array");
        return super.readInts(length);
    }

    @Override
    public int[] readInts(int length, boolean optimizePositive) {
        require(length, 1, "int array");
        return super.readInts(length, optimizePositive);
    }

    @Override
    public long[] readLongs(int length) {
        require(length, Long.BYTES, "long array");
        return super.readLongs(length);
    }

    @Override
    public long[] readLongs(int length, boolean optimizePositive) {
        require(length, 1, "long array");
        return super.readLongs(length, optimizePositive);
    }

    @Override
    public float[] readFloats(int length) {
        require(length, Float.BYTES, "float array");
        return super.readFloats(length);
    }

    @Override
    public double[] readDoubles(int length) {
        require(length, Double.BYTES, "double array");
        return super.readDoubles(length);
    }

    @Override
    public short[] readShorts(int length) {
        require(length, Short.BYTES, "short array");
        return super.readShorts(length);
    }

    @Override
    public char[] readChars(int length) {
        require(length, Character.BYTES, "char array");
        return super.readChars(length);
    }

    @Override
    public boolean[] readBooleans(int length) {
        require(length, 1, "boolean array");
        return super.readBooleans(length);
    }
}
