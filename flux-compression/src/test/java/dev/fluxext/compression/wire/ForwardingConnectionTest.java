package dev.fluxext.compression.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.storm.daemon.worker.WorkerState;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.IConnection;
import org.junit.jupiter.api.Test;

/** A worker sends on a wrapped connection only once the wrapped one is ready, as it would on the wrapped one. */
class ForwardingConnectionTest {

    @Test
    void theWrappedConnectionsStatusIsWhatStormSees() {
        StubConnection netty = new StubConnection(ConnectionWithStatus.Status.Connecting);
        IConnection wrapped = new CountingConnection("topo", "peer:1", netty);

        assertFalse(WorkerState.isConnectionReady(wrapped), "not ready while Netty connects: Storm waits");
        netty.status = ConnectionWithStatus.Status.Ready;
        assertTrue(WorkerState.isConnectionReady(wrapped));
        wrapped.close();
        assertEquals(ConnectionWithStatus.Status.Closed, ((ConnectionWithStatus) wrapped).status());
    }

    @Test
    void aWrappedConnectionWithoutAStatusIsReadyAsStormTreatsIt() {
        IConnection noStatus = new CountingConnection("topo", "peer:1",
                (IConnection) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                        new Class<?>[] {IConnection.class}, (p, m, a) -> null));
        assertTrue(WorkerState.isConnectionReady(noStatus));
    }
}
