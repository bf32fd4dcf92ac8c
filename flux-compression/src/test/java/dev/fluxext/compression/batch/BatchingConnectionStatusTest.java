package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.BatchMetrics;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import org.apache.storm.daemon.worker.WorkerState;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.ConnectionWithStatus;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.junit.jupiter.api.Test;

/** The batching connection is not ready before the connection it sends on. */
class BatchingConnectionStatusTest {

    @Test
    void notReadyWhileTheWrappedConnectionConnects() {
        ConnectionWithStatus.Status[] status = {ConnectionWithStatus.Status.Connecting};
        ConnectionWithStatus netty = new ConnectionWithStatus() {
            @Override
            public Status status() {
                return status[0];
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
            }
        };
        var batching = new BatchCompressionContext.BatchingConnection(netty, new BatchWriter(null, 0, 4096),
                BatchMetrics.counters("-> test"));
        assertFalse(WorkerState.isConnectionReady(batching));
        status[0] = ConnectionWithStatus.Status.Ready;
        assertTrue(WorkerState.isConnectionReady(batching));
    }
}
