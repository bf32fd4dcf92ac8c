package dev.fluxext.compression.frame;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.Codec;

/**
 * Frames serialized tuple values: raw when they are at or below the threshold or do not shrink, compressed
 * otherwise. A raw frame is the values alone, as Storm writes them, unless their first byte looks like a header
 * ({@link FrameFormat#looksLikeHeader}): then a raw header goes first. Owns a growable compression buffer reused
 * across calls (one writer per thread), so after warm-up writing a frame allocates nothing.
 *
 * <p>The usual way is {@link #finish}: the values are serialized straight into Storm's own {@code Output} and framed
 * there, so a raw frame is never copied and a compressed one is copied once (from the compression buffer over the
 * values it replaces, which it never outgrows).
 */
public final class FrameWriter {

    private final Codec codec;
    private final int codecId;
    private final int threshold;
    private byte[] compressed = new byte[0];

    /** @param codec null for no compression: every frame is raw */
    public FrameWriter(Codec codec, int codecId, int threshold) {
        this.codec = codec;
        this.codecId = codecId;
        this.threshold = threshold;
    }

    public boolean compresses() {
        return codec != null;
    }

    /** Whether {@code length} bytes of values are worth a compression attempt (else their frame is raw). */
    public boolean attempts(int length) {
        return codec != null && length > threshold;
    }

    /**
     * Makes the values just written straight to {@code out} from {@code start} a frame, in place: compressed if
     * {@link #attempts} says so and that makes it smaller, else raw ({@link #finishRaw}). Needs {@code out}'s whole
     * buffer, so not for an {@code Output} that writes through to a stream (use {@link #write}).
     *
     * @return the frame's size in bytes; positive if it was compressed, negative (minus the size) if raw
     */
    public int finish(Output out, int start) {
        int length = out.position() - start;
        int n = attempts(length) ? compress(out.getBuffer(), start, length) : -1;
        if (n < 0) {
            return -finishRaw(out, start);
        }
        out.setPosition(start); // the values are in the compression buffer now: the frame goes over them
        return writeCompressed(out, length, n);
    }

    /**
     * Writes the frame for {@code values[0, length)} to {@code out}: for an {@code Output} that writes through to a
     * stream, where the values cannot be framed in place.
     *
     * @return as {@link #finish}
     */
    public int write(byte[] values, int length, Output out) {
        int n = attempts(length) ? compress(values, 0, length) : -1;
        if (n >= 0) {
            return writeCompressed(out, length, n);
        }
        int header = length > 0 && FrameFormat.looksLikeHeader(values[0]) ? 1 : 0;
        if (header == 1) {
            out.writeByte(FrameFormat.header(FrameFormat.RAW));
        }
        out.writeBytes(values, 0, length);
        return -(header + length);
    }

    /** Compresses into {@link #compressed}: the compressed size, or -1 if the frame would not be smaller than raw. */
    private int compress(byte[] values, int offset, int length) {
        int bound = codec.maxCompressedLength(length);
        compressed = FrameFormat.grow(compressed, bound, Integer.MAX_VALUE - 8);
        int n = codec.compress(values, offset, length, compressed, 0, bound);
        return frameSize(length, n) < 1 + length ? n : -1;
    }

    private int writeCompressed(Output out, int length, int n) {
        out.writeByte(FrameFormat.header(codecId));
        out.writeVarInt(length, true);
        out.writeVarInt(n, true);
        out.writeBytes(compressed, 0, n);
        return frameSize(length, n);
    }

    private static int frameSize(int length, int compressedLength) {
        return 1 + FrameFormat.varIntLength(length) + FrameFormat.varIntLength(compressedLength) + compressedLength;
    }

    /**
     * Makes the raw values just written straight to {@code out} from {@code start} a raw frame: they stay as they
     * are unless their first byte looks like a header, then a raw header goes before them (the values move up one
     * byte). Needs {@code out}'s whole buffer: an {@code Output} writing through to a stream gets the header before
     * every raw frame, which the reader accepts as well.
     *
     * @return the raw frame's size in bytes
     */
    public static int finishRaw(Output out, int start) {
        byte[] buffer = out.getBuffer();
        int end = out.position();
        if (end == start || !FrameFormat.looksLikeHeader(buffer[start])) {
            return end - start;
        }
        out.writeByte(0); // room for the header, growing the buffer if need be
        buffer = out.getBuffer();
        System.arraycopy(buffer, start, buffer, start + 1, end - start);
        buffer[start] = (byte) FrameFormat.header(FrameFormat.RAW);
        return end - start + 1;
    }

    /** Writes just the raw header, for an {@code Output} that writes through to a stream. */
    public static void writeRawHeader(Output out) {
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
    }
}
