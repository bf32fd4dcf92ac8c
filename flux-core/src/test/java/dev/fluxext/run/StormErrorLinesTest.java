package dev.fluxext.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Test;

/** The short commands' Storm log without Log4j's core writes what Log4j's core, as the CLI configures it, writes. */
class StormErrorLinesTest {

    private static final Consumer<Logger> STORM_LOGS = log -> {
        log.info("not shown: {}", 1);
        log.warn("not shown either");
        log.error("nimbus {} unreachable after {} tries", "n1", 3, new IllegalStateException("the cause"));
        log.fatal("plain");
    };

    @Test
    void writesTheLinesOfLog4jCoreAsConfiguredForTheCli() {
        String light = stderrOf(() -> STORM_LOGS.accept(
            new StormErrorLines().getContext(null, null, null, false).getLogger("org.apache.storm.utils.Utils")));
        assertEquals("storm: ERROR Utils - nimbus n1 unreachable after 3 tries" + System.lineSeparator()
            + "storm: FATAL Utils - plain" + System.lineSeparator(), light);

        String core = stderrOf(() -> {
            StormLogging.toStderr(false); // the console appender takes System.err as it is now
            STORM_LOGS.accept(LogManager.getLogger("org.apache.storm.utils.Utils"));
        });
        assertEquals(core, light);
        assertFalse(light.contains("the cause"), light);
    }

    private static String stderrOf(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
