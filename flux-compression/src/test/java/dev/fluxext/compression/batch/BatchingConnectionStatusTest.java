package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.wire.StubConnection;
import org.apache.storm.daemon.worker.WorkerState;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.junit.jupiter.api.Test;

/** The batching connection is not ready before the connection it sends on. */
class BatchingConnectionStatusTest {

    @Test
    void notReadyWhileTheWrappedConnectionConnects() {
        StubConnection netty = new StubConnection(ConnectionWithStatus.Status.Connecting);
        var batching = new BatchCompressionContext.BatchingConnection(netty, new BatchWriter(null, 0, 4096, 0, 0, false,
                BatchMetrics.counters("-> test")),
                BatchMetrics.counters("-> test"), LinkState.ALWAYS);
        assertFalse(WorkerState.isConnectionReady(batching));
        netty.status = ConnectionWithStatus.Status.Ready;
        assertTrue(WorkerState.isConnectionReady(batching));
    }
}
