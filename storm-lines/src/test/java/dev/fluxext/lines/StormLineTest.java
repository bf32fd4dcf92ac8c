package dev.fluxext.lines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.storm.StormLines;
import java.util.Optional;
import org.apache.storm.utils.VersionInfo;
import org.junit.jupiter.api.Test;

/** The tests of this module really run on the line its pom names, and that line is one fluxext supports. */
class StormLineTest {

    private static final String LINE_VERSION = System.getProperty("storm.line", "");

    @Test
    void runsOnTheLineThePomNames() {
        assertTrue(!LINE_VERSION.isEmpty(), "storm.line is set by the pom");
        assertEquals(LINE_VERSION, VersionInfo.getVersion(), "the Storm on this test's classpath");
    }

    @Test
    void theLineIsSupported() {
        assertTrue(StormLines.SUPPORTED.contains(StormLines.lineOf(LINE_VERSION).orElseThrow()), LINE_VERSION);
        assertEquals(Optional.empty(), StormLines.problem("this worker", VersionInfo.getVersion()));
    }
}
