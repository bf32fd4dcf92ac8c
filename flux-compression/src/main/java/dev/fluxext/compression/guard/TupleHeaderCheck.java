package dev.fluxext.compression.guard;

import static dev.fluxext.compression.frame.FrameFormat.readVarInt;
import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;
import static dev.fluxext.compression.guard.TupleHeader.ANCHOR_BYTES;

import java.util.Collection;
import java.util.Set;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.task.WorkerTopologyContext;

/**
 * Checks the part of a received message that Storm's {@code KryoTupleDeserializer} and the worker read before any
 * fluxext code runs: the destination task (the worker indexes its executor queues by it, and an unknown one is a
 * {@code NullPointerException} in the receiving thread), then, as Storm's {@code KryoTupleSerializer} writes them,
 * the source task (varint; an unknown one leads to a {@code NullPointerException} in the deserializer), the stream
 * index (varint, 1..the number of the source component's streams; an unknown one gives a tuple without a stream),
 * whether the destination's component subscribes to that stream ({@link TopologyShape}: Storm would hand the tuple
 * to the task's bolt all the same), the anchor count (varint) with 16 bytes per anchor, and at least one byte of
 * values (read by the bounded serializer). Allocates nothing on an accepted message.
 */
final class TupleHeaderCheck {

    /** Source task, stream, anchor count and values take at least a byte each. */
    static final int MIN_TUPLE_BYTES = 4;
    private final TopologyShape shape;
    /** Storm numbers tasks from 1; its system task is -1: indexed by task + 1. */
    private final boolean[] localByTask;

    /**
     * @param localTasks null if this worker's tasks are unknown (not a worker's context): destinations unchecked
     */
    TupleHeaderCheck(TopologyShape shape, Collection<Integer> localTasks) {
        this.shape = shape;
        if (localTasks == null) {
            localByTask = null;
        } else {
            localByTask = new boolean[localTasks.stream().mapToInt(Integer::intValue).max().orElse(0) + 2];
            for (int task : localTasks) {
                if (task >= -1) {
                    localByTask[task + 1] = true;
                }
            }
        }
    }

    /**
     * From the context Storm's receive callback deserializes with (a worker's: it knows the worker's tasks) and the
     * shape built from it.
     */
    static TupleHeaderCheck of(GeneralTopologyContext context, TopologyShape shape) {
        Set<Integer> local = context instanceof WorkerTopologyContext worker
                ? Set.copyOf(worker.getThisWorkerTasks()) : null;
        return new TupleHeaderCheck(shape, local);
    }

    static TupleHeaderCheck of(GeneralTopologyContext context) {
        return of(context, TopologyShape.of(context));
    }

    /** What is wrong with a message to {@code destTask} holding {@code tuple}, or null if Storm may read it. */
    String problem(int destTask, byte[] tuple) {
        int length = tuple == null ? 0 : tuple.length;
        if (length < MIN_TUPLE_BYTES) {
            return "message of " + length + " bytes to task " + destTask + ", shorter than any tuple";
        }
        if (localByTask != null
                && (destTask < -1 || destTask + 1 >= localByTask.length || !localByTask[destTask + 1])) {
            return "message to task " + destTask + ", which is not a task of this worker";
        }
        long source = readVarInt(tuple, 0, tuple.length);
        int sourceTask = varIntValue(source);
        if (source == -1 || !shape.knows(sourceTask)) {
            return "tuple from unknown task " + (source == -1 ? "(malformed)" : sourceTask);
        }
        long stream = readVarInt(tuple, varIntEnd(source), tuple.length);
        if (stream == -1 || varIntValue(stream) < 1 || varIntValue(stream) > shape.streamCount(sourceTask)) {
            return "tuple from task " + sourceTask + " (" + shape.componentName(sourceTask) + ") on unknown stream "
                    + (stream == -1 ? "(malformed)" : varIntValue(stream));
        }
        if (!shape.subscribes(destTask, sourceTask, varIntValue(stream))) {
            return "tuple from task " + sourceTask + " (" + shape.componentName(sourceTask) + ") on stream "
                    + shape.streamName(sourceTask, varIntValue(stream)) + " to task " + destTask + " ("
                    + shape.componentName(destTask) + "), which does not subscribe to it";
        }
        long anchors = readVarInt(tuple, varIntEnd(stream), tuple.length);
        int left = anchors == -1 ? 0 : length - varIntEnd(anchors) - 1; // a byte at least for the values
        if (anchors == -1 || varIntValue(anchors) < 0 || left < 0 || varIntValue(anchors) > left / ANCHOR_BYTES) {
            return "tuple from task " + sourceTask + " declares " + (anchors == -1 ? "a malformed number of"
                    : varIntValue(anchors)) + " anchors, more than its " + length + " bytes hold";
        }
        return null;
    }
}
