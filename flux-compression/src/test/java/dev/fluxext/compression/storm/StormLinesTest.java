package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class StormLinesTest {

    @Test
    void aVersionsLineIsItsMajorAndMinor() {
        assertEquals(Optional.of("2.6"), StormLines.lineOf("2.6.4"));
        assertEquals(Optional.of("2.8"), StormLines.lineOf("2.8.3-SNAPSHOT"));
        assertEquals(Optional.of("3.0"), StormLines.lineOf("3.0"));
        assertEquals(Optional.empty(), StormLines.lineOf("Unknown"));
        assertEquals(Optional.empty(), StormLines.lineOf(null));
    }

    @Test
    void theSupportedLinesPass() {
        for (String version : new String[] {"2.6.0", "2.6.4", "2.7.1", "2.8.3", "2.8.4"}) {
            assertEquals(Optional.empty(), StormLines.problem("Nimbus", version), version);
        }
    }

    /** A build that reports no version is not refused: nothing is known against it. */
    @Test
    void anUnknownVersionPasses() {
        assertEquals(Optional.empty(), StormLines.problem("this worker", "Unknown"));
    }

    @Test
    void anotherLineIsRefusedNamingWhoRunsItAndWhatToDo() {
        String older = StormLines.problem("Nimbus at 10.0.0.1:6627", "2.5.0").orElseThrow();
        assertEquals("Nimbus at 10.0.0.1:6627 runs Storm 2.5.0; fluxext runs on Storm 2.6.x, 2.7.x, 2.8.x (see "
                + "docs/storm-versions.md): use a fluxext release for Storm 2.5 or a cluster of a supported line", older);
        assertTrue(StormLines.problem("this worker", "3.0.0").orElseThrow().startsWith("this worker runs Storm 3.0.0;"));
        assertTrue(StormLines.problem("this worker", "1.2.4").isPresent());
    }

    /** The worker check passes on the Storm these tests run on (2.8.3 here; each line's own in storm-lines). */
    @Test
    void theWorkerCheckPassesOnThisStorm() {
        StormLines.requireSupportedWorker();
    }
}
