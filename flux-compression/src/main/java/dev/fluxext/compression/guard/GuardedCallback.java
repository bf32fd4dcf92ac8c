package dev.fluxext.compression.guard;

import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * The receive guard between a worker's transport and Storm's receive callback: checks each message's header
 * ({@link TupleHeaderCheck}) and drops the bad ones before Storm reads anything; hands the rest on whole; on a frame
 * the serializer rejects, message by message without the bad ones. While it hands messages on, the serializer
 * checks their values against their stream ({@link StreamFields}).
 */
public final class GuardedCallback implements IConnectionCallback {
    private final IConnectionCallback cb;
    private final TupleHeaderCheck headers;
    private final String stormId;

    /** @param headers null to hand every message on unchecked (a callback that is not Storm's) */
    GuardedCallback(IConnectionCallback cb, String stormId, TupleHeaderCheck headers) {
        this.cb = cb;
        this.stormId = stormId;
        this.headers = headers;
    }

    /**
     * Storm's callback {@code cb} behind the guard. With the context Storm's callback deserializes with, the
     * topology's shape is learnt once here, as a worker binds: registered in the {@link TaskDirectory} (for the
     * counters and the values check) and each header checked against it. Without one (a callback that is not
     * Storm's), every message is handed on unchecked.
     *
     * @param context null if unknown
     */
    public static GuardedCallback of(IConnectionCallback cb, String stormId, GeneralTopologyContext context) {
        if (context == null) {
            return new GuardedCallback(cb, stormId, null);
        }
        TopologyShape shape = TopologyShape.of(context);
        TaskDirectory.register(stormId, shape);
        return new GuardedCallback(cb, stormId, TupleHeaderCheck.of(context, shape));
    }

    @Override
    public void recv(List<TaskMessage> batch) {
        List<TaskMessage> good = headers == null ? batch : checked(batch);
        if (good.isEmpty()) {
            return;
        }
        StreamFields.receiving(true); // no lambda: nothing allocated per batch
        try {
            hand(good);
        } finally {
            StreamFields.receiving(false);
        }
    }

    /** Storm's deserializer builds every tuple before it hands any on: a rejected batch can go again. */
    private void hand(List<TaskMessage> good) {
        try {
            cb.recv(good);
            return;
        } catch (FrameRejectedException e) {
            if (good.size() == 1) {
                return; // counted and logged by the serializer
            }
        }
        for (TaskMessage message : good) {
            try {
                cb.recv(List.of(message));
            } catch (FrameRejectedException e) {
                // counted and logged by the serializer; the other messages go on
            }
        }
    }

    /** {@code batch} itself if every header is good (no copy on the common path), else the good messages. */
    private List<TaskMessage> checked(List<TaskMessage> batch) {
        List<TaskMessage> good = null;
        for (int i = 0; i < batch.size(); i++) {
            TaskMessage message = batch.get(i);
            String problem = headers.problem(message.task(), message.message());
            if (problem != null) {
                if (good == null) {
                    good = new ArrayList<>(batch.subList(0, i));
                }
                String sender = TaskDirectory.senderOf(stormId, message.message());
                CompressionMetrics.forRejection(sender).rejected();
                RejectLog.record(sender, problem);
            } else if (good != null) {
                good.add(message);
            }
        }
        return good == null ? batch : good;
    }
}
