package dev.fluxext.compression.wire;

import static dev.fluxext.compression.frame.FrameFormat.readVarInt;
import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;
import static dev.fluxext.compression.guard.TupleHeader.ANCHOR_BYTES;

import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.guard.TaskDirectory;
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
 * <p>One per connection, used by the thread that sends on it (the worker's transfer thread): it adds a batch's
 * tuples up in plain fields per sending task and publishes them to the shared counters at {@link #flush}, once per
 * batch, since the shared counters' atomic adds cost that thread more than the rest of the counting. It remembers
 * each known task's tally, so that it does not look up the topology and then the component for every message.
 */
public final class WireCounter {

    /** Storm numbers a topology's tasks from 1 up, one per executor by default: a few hundred at most. */
    private static final int MAX_REMEMBERED_TASK = 4096;

    private final String stormId;
    private Tally[] byTask = new Tally[0];
    /** The tallies counted into since the last flush. */
    private Tally[] pending = new Tally[8];
    private int pendingCount;
    /** {@link CompressionMetrics#generation()} when {@link #byTask} was filled: a reset makes new counters. */
    private int generation = -1;

    public WireCounter(String stormId) {
        this.stormId = stormId;
    }

    /**
     * Counts {@code message}'s frame under the component of its source task ({@code (unknown sender)} if the task is
     * not known in this JVM), to be published at the next {@link #flush}; a message that does not hold one of our
     * frames is not counted.
     *
     * @return whether it was counted
     */
    public boolean count(byte[] message) {
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
        if (!FrameFormat.looksLikeHeader(message[start])) {
            tallyOf(varIntValue(task)).raw(out, out);
            return true;
        }
        if ((header & FrameFormat.CODEC_MASK) == FrameFormat.RAW) {
            tallyOf(varIntValue(task)).raw(out - 1, out);
            return true;
        }
        long uncompressed = readVarInt(message, start + 1, message.length);
        if (uncompressed < 0) {
            return false;
        }
        tallyOf(varIntValue(task)).compressed(varIntValue(uncompressed), out);
        return true;
    }

    /** Publishes what was counted since the last flush to the components' shared counters. */
    public void flush() {
        for (int i = 0; i < pendingCount; i++) {
            pending[i].publish();
            pending[i] = null;
        }
        pendingCount = 0;
    }

    private Tally tallyOf(int task) {
        int now = CompressionMetrics.generation();
        if (now != generation) {
            flush(); // into the counters they were counted for
            byTask = new Tally[0];
            generation = now;
        }
        Tally known = task >= 0 && task < byTask.length ? byTask[task] : null;
        if (known == null) {
            known = tallyFor(task);
        }
        if (!known.pending) {
            known.pending = true;
            if (pendingCount == pending.length) {
                pending = Arrays.copyOf(pending, pendingCount * 2);
            }
            pending[pendingCount++] = known;
        }
        return known;
    }

    private Tally tallyFor(int task) {
        String component = TaskDirectory.componentOf(stormId, task);
        // An unknown task may be registered later (a worker bound after this connection): not remembered.
        if (CompressionMetrics.UNKNOWN_SENDER.equals(component) || task < 0 || task > MAX_REMEMBERED_TASK) {
            for (int i = 0; i < pendingCount; i++) {
                if (pending[i].component.equals(component)) {
                    return pending[i];
                }
            }
            return new Tally(component);
        }
        if (task >= byTask.length) {
            byTask = Arrays.copyOf(byTask, task + 1);
        }
        return byTask[task] = new Tally(component);
    }

    /** One sending task's tuples since the last flush, for its component's counters. */
    private static final class Tally {
        final String component;
        final ComponentCounters counters;
        boolean pending;
        long compressed;
        long raw;
        long in;
        long out;

        Tally(String component) {
            this.component = component;
            this.counters = CompressionMetrics.counters(component);
        }

        void raw(int valuesBytes, int frameBytes) {
            raw++;
            in += valuesBytes;
            out += frameBytes;
        }

        void compressed(int valuesBytes, int frameBytes) {
            compressed++;
            in += valuesBytes;
            out += frameBytes;
        }

        void publish() {
            counters.add(compressed, raw, in, out);
            compressed = raw = in = out = 0;
            pending = false;
        }
    }
}
