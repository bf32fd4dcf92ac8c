package dev.fluxext.benchmarks.compression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.apache.storm.messaging.DeserializingConnectionCallback;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guard benchmark's setups deliver every tuple of the bundle, through the guard or without it. */
class ReceiveGuardBenchmarkTest {

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void everyTupleOfTheBundleIsDelivered(boolean guard) {
        ReceiveGuardBenchmark.Receiver r = new ReceiveGuardBenchmark.Receiver();
        r.guard = guard;
        r.payload = Payload.JSON_200B;
        r.setUp();
        if (guard) {
            assertNotSame(DeserializingConnectionCallback.class, r.callback.getClass(), "the guard's callback");
        } else {
            assertSame(DeserializingConnectionCallback.class, r.callback.getClass());
        }
        assertEquals(ReceiveGuardBenchmark.BUNDLE, new ReceiveGuardBenchmark().receiveBundle(r));
        assertEquals(2 * ReceiveGuardBenchmark.BUNDLE, new ReceiveGuardBenchmark().receiveBundle(r), "and again");
    }
}
