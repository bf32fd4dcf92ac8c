package dev.fluxext.compression.storm;

import static dev.fluxext.compression.frame.FrameFormat.readVarInt;
import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;
import static dev.fluxext.compression.storm.TupleHeader.ANCHOR_BYTES;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.ComponentCounters;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.Arrays;

/**
 * Counts a serialized tuple as it goes on the wire, charged to its sending component. Reads the message in place
 * (nothing allocated): Storm's {@code KryoTupleSerializer} writes the source task (varint), the stream (varint), the
 * message id (anchor count as a varint, then 16 bytes per anchor), then the values, which our serializer writes as
 * one frame running to the end of the message (see {@link FrameFormat}; raw values without a header count as a raw
 * frame).
 *
 * <p>One per connection, used by the thread that sends on it: it remembers each known task's counters, so that the
 * transfer thread does not look up the topology and then the component for every message it sends.
 */
final class WireCounter {

    /** Storm numbers a topology's tasks from 1 up, one per executor by default: a few hundred at most. */
    private static final int MAX_REMEMBERED_TASK = 4096;

    private final String stormId;
    private ComponentCounters[] byTask = new ComponentCounters[0];
    /** {@link CompressionMetrics#generation()} when {@link #byTask} was filled: a reset makes new counters. */
    private int generation = -1;

    WireCounter(String stormId) {
        this.stormId = stormId;
    }

    /**
     * Counts {@code message}'s frame under the component of its source task ({@code (unknown sender)} if the task is
     * not known in this JVM); a message that does not hold one of our frames is not counted.
     *
     * @return whether it was counted
     */
    boolean count(byte[] message) {
        if (message == null) {
            return false;
        }
        long task = readVarInt(message, 0, message.length);
        long stream = task < 0 ? -1 : readVarInt(message, varIntEnd(task), message.length);
        long anchors = stream < 0 ? -1 : readVarInt(message, varIntEnd(stream), message.length);
        if (anchors < 0) {
            return false;
        }
        long frame = varIntEnd(anchors) + (long) ANCHOR_BYTES * varIntValue(anchors);
        if (frame >= message.length) {
            return false;
        }
        int start = (int) frame;
        int header = message[start] & 0xFF;
        if (FrameFormat.looksLikeHeader(message[start]) && (header & FrameFormat.RESERVED_FLAG) != 0) {
            return false;
        }
        int out = message.length - start;
        ComponentCounters counters = countersOf(varIntValue(task));
        if (!FrameFormat.looksLikeHeader(message[start])) {
            counters.raw(out, out);
            return true;
        }
        if ((header & FrameFormat.CODEC_MASK) == FrameFormat.RAW) {
            counters.raw(out - 1, out);
            return true;
        }
        long uncompressed = readVarInt(message, start + 1, message.length);
        if (uncompressed < 0) {
            return false;
        }
        counters.compressed(varIntValue(uncompressed), out);
        return true;
    }

    private ComponentCounters countersOf(int task) {
        int now = CompressionMetrics.generation();
        if (now != generation) {
            byTask = new ComponentCounters[0];
            generation = now;
        }
        ComponentCounters known = task >= 0 && task < byTask.length ? byTask[task] : null;
        if (known != null) {
            return known;
        }
        String component = TaskDirectory.componentOf(stormId, task);
        ComponentCounters counters = CompressionMetrics.counters(component);
        // An unknown task may be registered later (a worker bound after this connection): not remembered.
        if (!CompressionMetrics.UNKNOWN_SENDER.equals(component) && task >= 0 && task <= MAX_REMEMBERED_TASK) {
            if (task >= byTask.length) {
                byTask = Arrays.copyOf(byTask, task + 1);
            }
            byTask[task] = counters;
        }
        return counters;
    }
}
