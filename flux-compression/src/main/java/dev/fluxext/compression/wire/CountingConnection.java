package dev.fluxext.compression.wire;

import dev.fluxext.compression.guard.RejectLog;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.TaskMessage;

/**
 * The connection the guarded transport ({@code dev.fluxext.compression.storm.FrameGuardContext}) hands a worker to
 * send on: counts each tuple as the transport takes it to send (see {@link WireCounter}), the one place a tuple
 * passes once per remote target, however often Storm serialized it while the transfer queue was full. Also keeps
 * the worker alive when the load figures the other end sent cannot be read.
 */
public final class CountingConnection extends ForwardingConnection {
    private final WireCounter counter;
    private final String peer;
    /** Whether the last load lookup failed: a bad set of figures stays until the server sends the next one. */
    private boolean loadUnreadable;

    /** @param peer the other end, {@code host:port}, for the log */
    public CountingConnection(String stormId, String peer, IConnection connection) {
        super(connection);
        this.counter = new WireCounter(stormId);
        this.peer = peer;
    }

    /**
     * Storm's client keeps the server's load figures as they were read off the wire and casts them only here,
     * on the worker's timer thread, where an exception ends the worker: figures that are not a map of tasks to
     * Doubles count as none (the load-aware grouping then knows no load for those tasks).
     */
    @Override
    public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
        try {
            Map<Integer, Load> load = connection.getLoad(tasks);
            loadUnreadable = false;
            return load;
        } catch (RuntimeException e) {
            if (!loadUnreadable) {
                loadUnreadable = true;
                CompressionMetrics.forRejection(CompressionMetrics.UNKNOWN_SENDER).rejected();
                RejectLog.record("load figures from " + peer, "unreadable, taken as none: " + e);
            }
            return Map.of();
        }
    }

    @Override
    public void send(Iterator<TaskMessage> msgs) {
        // Counted as the transport pulls each message, so a transport that takes messages lazily is not upset;
        // published once the batch is sent (what a lazy transport pulls later goes with the next batch).
        try {
            sendCounting(msgs);
        } finally {
            counter.flush();
        }
    }

    private void sendCounting(Iterator<TaskMessage> msgs) {
        connection.send(new Iterator<>() {
            @Override
            public boolean hasNext() {
                return msgs.hasNext();
            }

            @Override
            public TaskMessage next() {
                TaskMessage message = msgs.next();
                counter.count(message.message());
                return message;
            }
        });
    }
}
