package dev.fluxext.compression.storm;

import static dev.fluxext.compression.storm.TupleHeader.ANCHOR_BYTES;
import static dev.fluxext.compression.storm.TupleHeader.position;
import static dev.fluxext.compression.storm.TupleHeader.readVarInt;
import static dev.fluxext.compression.storm.TupleHeader.value;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.ComponentCounters;
import dev.fluxext.compression.metrics.CompressionMetrics;

/**
 * Counts a serialized tuple as it goes on the wire, charged to its sending component. Reads the message in place
 * (nothing allocated): Storm's {@code KryoTupleSerializer} writes the source task (varint), the stream (varint), the
 * message id (anchor count as a varint, then 16 bytes per anchor), then the values, which our serializer writes as
 * one frame running to the end of the message (see {@link FrameFormat}; raw values without a header count as a raw
 * frame).
 */
final class WireCounter {

    private WireCounter() {
    }

    /**
     * Counts {@code message}'s frame under the component of its source task ({@code (unknown sender)} if the task is
     * not known in this JVM); a message that does not hold one of our frames is not counted.
     *
     * @return whether it was counted
     */
    static boolean count(String stormId, byte[] message) {
        if (message == null) {
            return false;
        }
        long task = readVarInt(message, 0);
        long stream = task < 0 ? -1 : readVarInt(message, position(task));
        long anchors = stream < 0 ? -1 : readVarInt(message, position(stream));
        if (anchors < 0) {
            return false;
        }
        long frame = position(anchors) + (long) ANCHOR_BYTES * value(anchors);
        if (frame >= message.length) {
            return false;
        }
        int start = (int) frame;
        int header = message[start] & 0xFF;
        if (FrameFormat.looksLikeHeader(message[start]) && (header & FrameFormat.RESERVED_FLAG) != 0) {
            return false;
        }
        int out = message.length - start;
        ComponentCounters counters = CompressionMetrics.counters(TaskDirectory.componentOf(stormId, value(task)));
        if (!FrameFormat.looksLikeHeader(message[start])) {
            counters.raw(out, out);
            return true;
        }
        if ((header & FrameFormat.CODEC_MASK) == FrameFormat.RAW) {
            counters.raw(out - 1, out);
            return true;
        }
        long uncompressed = readVarInt(message, start + 1);
        if (uncompressed < 0) {
            return false;
        }
        counters.compressed(value(uncompressed), out);
        return true;
    }
}
