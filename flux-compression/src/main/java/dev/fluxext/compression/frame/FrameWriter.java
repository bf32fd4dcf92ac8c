package dev.fluxext.compression.frame;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.Codec;

/**
 * Frames serialized tuple values: raw when they are at or below the threshold or do not shrink, compressed
 * otherwise. Owns a growable compression buffer reused across calls (one writer per thread), so after warm-up
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
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
        out.writeBytes(values, 0, length);
        return -(1 + length);
    }

    /** Writes just the raw header: the caller then writes the values straight to {@code out}. */
    public static void writeRawHeader(Output out) {
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
    }
}
