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
        Thread thread = SystemTopology.prepareInBackground().orElseThrow();
        assertTrue(thread.isDaemon(), "it never keeps the process alive");
        thread.join(60_000);
        assertFalse(thread.isAlive(), "it ends");
        assertEquals(Set.of("__acker", "__system"), SystemTopology.componentIds(Map.of()));
    }

    /**
     * With Storm's own configuration given, Storm's classes are left to the command: should Storm fail to read it,
     * its Utils would otherwise fail on the preparing thread, and the command would no longer see why.
     */
    @Test
    void leavesStormToTheCommandWhenStormsConfigurationIsGiven() {
        for (String property : new String[] {"storm.conf.file", "storm.options"}) {
            String before = System.getProperty(property);
            System.setProperty(property, "given");
            try {
                assertTrue(SystemTopology.prepareInBackground().isEmpty(), property);
            } finally {
                if (before == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, before);
                }
            }
        }
    }
}
