package dev.fluxext.compression.wire;

import java.util.Collection;
import java.util.Map;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.netty.BackPressureStatus;

/**
 * A connection of a wrapping transport: everything but {@link #send} goes to the wrapped connection unchanged, so
 * load metrics, backpressure, closing and the status stay the wrapped transport's. It is a
 * {@link ConnectionWithStatus} because a worker sends nothing on such a connection until its status is
 * {@code Ready} (Storm's {@code WorkerState.isConnectionReady}, the only type test Storm 2.8 makes on a
 * connection); without it, tuples sent before Netty connected would be dropped.
 */
public abstract class ForwardingConnection extends ConnectionWithStatus {

    protected final IConnection connection;

    protected ForwardingConnection(IConnection connection) {
        this.connection = connection;
    }

    /** The wrapped connection's status; {@code Ready} for one without (Storm treats such a connection so). */
    @Override
    public Status status() {
        return connection instanceof ConnectionWithStatus withStatus ? withStatus.status() : Status.Ready;
    }

    @Override
    public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
        connection.sendLoadMetrics(taskToLoad);
    }

    @Override
    public void sendBackPressureStatus(BackPressureStatus bpStatus) {
        connection.sendBackPressureStatus(bpStatus);
    }

    @Override
    public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
        return connection.getLoad(tasks);
    }

    @Override
    public int getPort() {
        return connection.getPort();
    }

    @Override
    public void close() {
        connection.close();
    }
}
