package dev.fluxext.compression.storm;

import java.util.Collection;
import java.util.Map;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.netty.BackPressureStatus;

/**
 * A connection of a wrapping transport: everything but {@link #send} goes to the wrapped connection unchanged, so
 * load metrics, backpressure and closing stay the wrapped transport's.
 */
public abstract class ForwardingConnection implements IConnection {

    protected final IConnection connection;

    protected ForwardingConnection(IConnection connection) {
        this.connection = connection;
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
