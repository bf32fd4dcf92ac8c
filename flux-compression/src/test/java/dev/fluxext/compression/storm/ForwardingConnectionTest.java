package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.apache.storm.daemon.worker.WorkerState;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.junit.jupiter.api.Test;

/** A worker sends on a wrapped connection only once the wrapped one is ready, as it would on the wrapped one. */
class ForwardingConnectionTest {

    /** Stands for Netty's client: connecting until told otherwise. */
    static final class Connecting extends ConnectionWithStatus {
        Status status = Status.Connecting;

        @Override
        public Status status() {
            return status;
        }

        @Override
        public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
        }

        @Override
        public void sendBackPressureStatus(BackPressureStatus bpStatus) {
        }

        @Override
        public void send(Iterator<TaskMessage> msgs) {
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

    @Test
    void theWrappedConnectionsStatusIsWhatStormSees() {
        Connecting netty = new Connecting();
        IConnection wrapped = new FrameGuardContext.CountingConnection("topo", netty);

        assertFalse(WorkerState.isConnectionReady(wrapped), "not ready while Netty connects: Storm waits");
        netty.status = ConnectionWithStatus.Status.Ready;
        assertTrue(WorkerState.isConnectionReady(wrapped));
        wrapped.close();
        assertEquals(ConnectionWithStatus.Status.Closed, ((ConnectionWithStatus) wrapped).status());
    }

    @Test
    void aWrappedConnectionWithoutAStatusIsReadyAsStormTreatsIt() {
        IConnection noStatus = new FrameGuardContext.CountingConnection("topo", (IConnection) java.lang.reflect.Proxy
                .newProxyInstance(getClass().getClassLoader(), new Class<?>[] {IConnection.class}, (p, m, a) -> null));
        assertTrue(WorkerState.isConnectionReady(noStatus));
    }
}
