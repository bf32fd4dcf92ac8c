package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The per-connection decision whether a bundle is worth the codec. */
class CompressionGateTest {

    /** Asks about the next bundle and, if it is compressed, records it as saving {@code percent} of 1000 bytes. */
    private static boolean bundle(CompressionGate gate, int percent) {
        boolean compress = gate.shouldCompress();
        if (compress) {
            gate.compressed(1000, 1000 - 10 * percent);
        }
        return compress;
    }

    /** How many of the next {@code n} bundles (each saving {@code percent}) the gate lets the codec run on. */
    private static int compressedOf(CompressionGate gate, int n, int percent) {
        int compressed = 0;
        for (int i = 0; i < n; i++) {
            compressed += bundle(gate, percent) ? 1 : 0;
        }
        return compressed;
    }

    @Test
    void compressibleTrafficIsAlwaysCompressed() {
        CompressionGate gate = new CompressionGate(10);
        assertEquals(10_000, compressedOf(gate, 10_000, 10), "saving exactly the threshold is enough");
    }

    @Test
    void incompressibleTrafficIsSkippedAfterAWindowAndProbedOncePerSkip() {
        CompressionGate gate = new CompressionGate(10);
        assertEquals(CompressionGate.WINDOW, compressedOf(gate, CompressionGate.WINDOW, 9),
                "the first window is compressed: nothing is known before it");
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < CompressionGate.SKIP; i++) {
                assertFalse(bundle(gate, 0), "round " + round + ", bundle " + i + " skipped");
            }
            assertTrue(bundle(gate, 0), "round " + round + ": the probe after the skipped bundles");
        }
    }

    @Test
    void theWindowJudgesBytesTogether() {
        // One bundle saving 50 % among fifteen saving nothing: 3 % over the window, so it skips.
        CompressionGate gate = new CompressionGate(10);
        bundle(gate, 50);
        compressedOf(gate, CompressionGate.WINDOW - 1, 0);
        assertFalse(gate.shouldCompress());
        // Two of sixteen saving 80 % carry the window (10 %): no skip.
        CompressionGate other = new CompressionGate(10);
        bundle(other, 80);
        bundle(other, 80);
        assertEquals(CompressionGate.WINDOW - 2, compressedOf(other, CompressionGate.WINDOW - 2, 0));
        assertTrue(other.shouldCompress());
    }

    @Test
    void aConnectionWhoseTrafficTurnsCompressibleRecoversAtTheNextProbe() {
        CompressionGate gate = new CompressionGate(10);
        compressedOf(gate, CompressionGate.WINDOW, 0);
        assertEquals(0, compressedOf(gate, CompressionGate.SKIP, 60), "skipping, whatever the traffic now");
        assertTrue(bundle(gate, 60), "the probe");
        int windows = 50 * CompressionGate.WINDOW;
        assertEquals(windows, compressedOf(gate, windows, 60), "compressing again after a probe that saved enough");
        // And a window that saves too little again stops it again.
        compressedOf(gate, CompressionGate.WINDOW, 0);
        assertFalse(gate.shouldCompress());
    }

    @Test
    void zeroNeverSkips() {
        assertEquals(10_000, compressedOf(new CompressionGate(0), 10_000, 0));
    }
}
