package dev.fluxext.benchmarks.compression;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import org.junit.jupiter.api.Test;

/** The benchmark measures what it says: every message reaches the transport, and with counting each is counted. */
class WireCountBenchmarkTest {

    @Test
    void everyMessageGoesOnAndIsCountedForTheSpoutOnlyWhenCounting() {
        CompressionMetrics.reset();
        WireCountBenchmark bench = new WireCountBenchmark();
        for (boolean counting : new boolean[] {false, true}) {
            WireCountBenchmark.Sender s = new WireCountBenchmark.Sender();
            s.counting = counting;
            s.setUp();
            long bytes = bench.sendBundle(s);
            assertEquals(WireCountBenchmark.BUNDLE * (6 + 3 + 16 + 200L), bytes, "every message pulled (with Netty's header)");
            CompressionSnapshot spout = CompressionMetrics.snapshot().get("source"); // task 7's component
            assertEquals(counting ? WireCountBenchmark.BUNDLE : 0, spout == null ? 0 : spout.tuplesRaw(),
                    "counting " + counting);
            if (counting) {
                assertEquals(WireCountBenchmark.BUNDLE * 200L, spout.bytesIn(), "the values of each message");
            }
        }
    }
}
