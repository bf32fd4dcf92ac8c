package dev.fluxext.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.junit.jupiter.api.Test;

/** The short commands' Storm log without Log4j's core: the lines Log4j's core writes as the CLI configures it. */
class StormErrorLinesTest {

    private static final String NAME = "org.apache.storm.utils.Utils";

    @Test
    void errorsOnlyOneLineEachAsLog4jCoreWritesThem() {
        Logger log = new StormErrorLines().getContext(null, null, null, false).getLogger(NAME);
        IllegalStateException cause = new IllegalStateException("the cause");
        String written = stderrOf(() -> {
            log.info("not shown: {}", 1);
            log.warn("not shown either");
            log.error("nimbus {} unreachable after {} tries", "n1", 3, cause);
            log.fatal("plain");
        });

        PatternLayout core = PatternLayout.newBuilder().withPattern(StormLogging.ERROR_LINE)
            .withAlwaysWriteExceptions(false).build();
        String expected = core.toSerializable(event(Level.ERROR,
                new ParameterizedMessage("nimbus {} unreachable after {} tries", "n1", 3, cause), cause))
            + core.toSerializable(event(Level.FATAL, new ParameterizedMessage("plain"), null));
        assertEquals("storm: ERROR Utils - nimbus n1 unreachable after 3 tries" + System.lineSeparator()
            + "storm: FATAL Utils - plain" + System.lineSeparator(), expected);
        assertEquals(expected, written);
    }

    private static Log4jLogEvent event(Level level, ParameterizedMessage message, Throwable thrown) {
        return Log4jLogEvent.newBuilder().setLoggerName(NAME).setLevel(level).setMessage(message).setThrown(thrown)
            .build();
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
