package dev.fluxext.compression.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.storm.FreePorts;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.netty.Context;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * The load figures a worker's Netty client keeps from the server it connects to: Storm reads them off the wire
 * unchecked and casts them on the worker's timer thread, where an exception ends the worker.
 */
class LoadFiguresTest {

    @Test
    @SuppressWarnings("deprecation")
    void unreadableLoadFiguresCountAsNoneInsteadOfEndingTheWorker() throws Exception {
        CompressionMetrics.reset();
        Context netty = new Context();
        netty.prepare(new HashMap<>(Utils.readDefaultConfig()));
        try {
            // Nothing listens there: the client only keeps retrying, which is all this needs.
            IConnection client = netty.connect("load-1", "localhost", FreePorts.consecutive(1), new AtomicBoolean[8]);
            // What Storm's StormClientHandler stores when a server's values list holds a map of other classes.
            Method received = client.getClass().getDeclaredMethod("setLoadMetrics", Map.class);
            received.setAccessible(true);
            received.invoke(client, Map.of(5, "high"));
            assertThrows(ClassCastException.class, () -> client.getLoad(List.of(5)), "Storm's client alone");

            IConnection guarded = new CountingConnection("load-1", "localhost:1", client);
            assertEquals(Map.of(), guarded.getLoad(List.of(5)));
            assertEquals(Map.of(), guarded.getLoad(List.of(5)), "asked again by the next refresh");
            assertEquals(1, CompressionMetrics.snapshot().get(CompressionMetrics.UNKNOWN_SENDER).rejected(),
                    "one bad set of figures counted once");

            received.invoke(client, Map.of(5, 0.5));
            assertEquals(0.5, guarded.getLoad(List.of(5)).get(5).getBoltLoad());
            client.close();
        } finally {
            netty.term();
        }
    }
}
