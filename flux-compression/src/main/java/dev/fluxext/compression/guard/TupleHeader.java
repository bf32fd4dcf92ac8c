package dev.fluxext.compression.guard;

import dev.fluxext.compression.frame.FrameFormat;

/**
 * The header Storm's {@code KryoTupleSerializer} writes before a tuple's values: the source task, the stream index
 * and the anchor count as Kryo positive varints (read in place with {@link FrameFormat#readVarInt}, bounded by the
 * message's length), then {@link #ANCHOR_BYTES} per anchor. Read by the receive-side check
 * ({@link TupleHeaderCheck}), the task directory ({@link TaskDirectory}) and the wire counter
 * ({@code dev.fluxext.compression.wire.WireCounter}).
 */
public final class TupleHeader {

    /** Storm writes an anchor as two longs: root id and edge id. */
    public static final int ANCHOR_BYTES = 16;

    private TupleHeader() {
    }
}
