package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link SystemTopology#prepareInBackground}: the short commands' head start on Storm's system topology. */
class SystemTopologyPreparationTest {

    @Test
    void preparesOnADaemonThreadThatEndsAndChangesNoResult() throws InterruptedException {
        Thread thread = SystemTopology.prepareInBackground();
        assertTrue(thread.isDaemon(), "it never keeps the process alive");
        thread.join(60_000);
        assertFalse(thread.isAlive(), "it ends");
        assertEquals(Set.of("__acker", "__system"), SystemTopology.componentIds(Map.of()));
    }
}
