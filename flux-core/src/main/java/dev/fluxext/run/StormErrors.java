package dev.fluxext.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;

/**
 * The errors Storm logs during a local run (ERROR with an exception: a worker that could not start, an executor that
 * died), kept so that a run Storm ends can say why on the console instead of "see the log". The first one is the
 * cause: what follows it (a slot's "Error when processing an event", the "Halting process" line) is Storm reacting.
 */
final class StormErrors {

    /** "Halting process: ..." is Storm's exitProcess announcing the exit, not why. */
    private static final String HALTING = "Halting process";
    private static final int KEPT = 8;

    private final List<LogEvent> events = new ArrayList<>();

    private StormErrors() {
    }

    /** Listens on Storm's root logger from now on; a no-op when Storm's log is not Log4j's core (a user's backend). */
    static StormErrors watch() {
        StormErrors errors = new StormErrors();
        if (LogManager.getContext(false) instanceof LoggerContext context) {
            Configuration config = context.getConfiguration();
            AbstractAppender listener = new AbstractAppender("fluxext-storm-errors", null, null, true,
                Property.EMPTY_ARRAY) {
                @Override
                public void append(LogEvent event) {
                    errors.add(event);
                }
            };
            listener.start();
            config.addAppender(listener);
            config.getRootLogger().addAppender(listener, Level.ERROR, null);
            context.updateLoggers();
        }
        return errors;
    }

    private synchronized void add(LogEvent event) {
        if (event.getThrown() != null && events.size() < KEPT
            && !event.getMessage().getFormattedMessage().startsWith(HALTING)) {
            events.add(event.toImmutable());
        }
    }

    /** The first error with its exception, as one paragraph: Storm's line and the exception's innermost message. */
    synchronized Optional<String> first() {
        return events.stream().findFirst().map(e -> describe(e.getMessage().getFormattedMessage(), e.getThrown()));
    }

    /** "Storm's message: the root cause's message", the class named only when the message alone says too little. */
    static String describe(String stormMessage, Throwable thrown) {
        Throwable root = thrown;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null || root.getMessage().isBlank() ? root.getClass().getName()
            : root instanceof IllegalArgumentException || root instanceof IllegalStateException ? root.getMessage()
            : root.getClass().getSimpleName() + ": " + root.getMessage();
        String first = message.lines().findFirst().orElse(message).strip();
        return stormMessage == null || stormMessage.isBlank() ? first : stormMessage.strip() + ": " + first;
    }
}
