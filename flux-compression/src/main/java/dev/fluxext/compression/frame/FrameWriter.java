package dev.fluxext.compression.frame;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.Codec;

/**
 * Frames serialized tuple values: raw when they are at or below the threshold or do not shrink, compressed
 * otherwise. A raw frame is the values alone, as Storm writes them, unless their first byte looks like a header
 * ({@link FrameFormat#looksLikeHeader}): then a raw header goes first. Owns a growable compression buffer reused across calls (one writer per thread), so after warm-up
 * writing a frame allocates nothing.
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

    /**
     * Writes the frame for {@code values[0, length)} to {@code out}.
     *
     * @return the frame's size in bytes; positive if it was compressed, negative (minus the size) if raw
     */
    public int write(byte[] values, int length, Output out) {
        if (codec != null && length > threshold) {
            int bound = codec.maxCompressedLength(length);
            compressed = FrameFormat.grow(compressed, bound, Integer.MAX_VALUE - 8);
            int n = codec.compress(values, 0, length, compressed, 0, bound);
            int frame = 1 + FrameFormat.varIntLength(length) + FrameFormat.varIntLength(n) + n;
            if (frame < 1 + length) {
                out.writeByte(FrameFormat.header(codecId));
                out.writeVarInt(length, true);
                out.writeVarInt(n, true);
                out.writeBytes(compressed, 0, n);
                return frame;
            }
        }
        int header = length > 0 && FrameFormat.looksLikeHeader(values[0]) ? 1 : 0;
        if (header == 1) {
            out.writeByte(FrameFormat.header(FrameFormat.RAW));
        }
        out.writeBytes(values, 0, length);
        return -(header + length);
    }

    /**
     * Makes the raw values just written straight to {@code out} from {@code start} a raw frame: they stay as they
     * are unless their first byte looks like a header, then a raw header goes before them (the values move up one
     * byte). Needs {@code out}'s whole buffer: an {@code Output} writing through to a stream gets the header before
     * every raw frame, which the reader accepts as well.
     */
    public static void finishRaw(Output out, int start) {
        byte[] buffer = out.getBuffer();
        if (out.position() == start || !FrameFormat.looksLikeHeader(buffer[start])) {
            return;
        }
        int end = out.position();
        out.writeByte(0); // room for the header, growing the buffer if need be
        buffer = out.getBuffer();
        System.arraycopy(buffer, start, buffer, start + 1, end - start);
        buffer[start] = (byte) FrameFormat.header(FrameFormat.RAW);
    }

    /** Writes just the raw header, for an {@code Output} that writes through to a stream. */
    public static void writeRawHeader(Output out) {
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
    }
}
