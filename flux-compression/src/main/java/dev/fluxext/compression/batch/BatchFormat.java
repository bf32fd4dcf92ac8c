package dev.fluxext.compression.batch;

import dev.fluxext.compression.frame.FrameFormat;

/**
 * A bundle on the wire: one Netty {@code TaskMessage} whose task id is {@link #BATCH_TASK} (a negative id Netty
 * neither uses nor interprets) and whose payload is one frame with the header byte of
 * {@link dev.fluxext.compression.frame.FrameFormat}: raw (header, then the body) or compressed (header, body length
 * varint, compressed length varint, compressed body). The body is a varint message count, then per message its task
 * id (varint) and payload length (varint) and the payload. Varints are unsigned LEB128.
 *
 * <p>A compressed frame whose header has {@link #IDS_APART} set carries its tuples' ids apart ({@link IdSplitter}):
 * each task varint is the task shifted left by one, its lowest bit set for a message whose ids are tokens, and the
 * id section (8 bytes per id) follows the compressed body to the frame's end.
 */
// Public for the benchmarks module (dev.fluxext.benchmarks) only: transport internals, not API.
public final class BatchFormat {

    static final short BATCH_TASK = -700;
    /** The header bit a tuple's frame reserves; in a compressed batch frame it says the ids go apart. */
    public static final int IDS_APART = FrameFormat.RESERVED_FLAG;
    /**
     * The least an entry of a real bundle takes: task and length (a byte each at least) and a tuple Storm can read
     * (source task, stream, anchor count and values: a byte each at least).
     */
    static final int MIN_ENTRY_BYTES = 6;

    private BatchFormat() {
    }

    public static int writeVarInt(byte[] out, int pos, int value) {
        while ((value & ~0x7F) != 0) {
            out[pos++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out[pos++] = (byte) value;
        return pos;
    }

    /**
     * {@link FrameFormat#readVarInt}, but a negative value is malformed too: a bundle's counts, tasks and lengths
     * never are.
     *
     * @return as {@link FrameFormat#readVarInt}; -1 also for a negative value
     */
    static long readVarInt(byte[] in, int pos, int limit) {
        long read = FrameFormat.readVarInt(in, pos, limit);
        return read < 0 ? -1 : read;
    }
}
