package dev.fluxext.compression.wire;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;

/**
 * Stands for Netty's client under a wrapping connection: sends nowhere, has the status a test sets (closed once
 * closed). Tests that need what was sent override {@link #send}.
 */
public class StubConnection extends ConnectionWithStatus {

    public volatile Status status;

    public StubConnection(Status status) {
        this.status = status;
    }

    @Override
    public Status status() {
        return status;
    }

    @Override
    public void send(Iterator<TaskMessage> msgs) {
    }

    @Override
    public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
    }

    @Override
    public void sendBackPressureStatus(BackPressureStatus bpStatus) {
    }

    @Override
    public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
        return Map.of();
    }

    @Override
    public int getPort() {
        return 0;
    }

    @Override
    public void close() {
        status = Status.Closed;
    }
}
