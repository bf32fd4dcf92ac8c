package dev.fluxext.run;

import java.io.PrintStream;
import java.net.URI;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFactory;
import org.apache.logging.log4j.simple.SimpleLogger;
import org.apache.logging.log4j.spi.ExtendedLogger;
import org.apache.logging.log4j.spi.LoggerContext;
import org.apache.logging.log4j.spi.LoggerContextFactory;
import org.apache.logging.log4j.util.PropertiesUtil;

/**
 * Storm's log for the short commands (validate, show, graph, version, tls) without starting Log4j's core: errors
 * only, to stderr, one line each without stack trace, exactly as {@link StormLogging#toStderr}{@code (false)} writes
 * them ({@link StormLogging#ERROR_LINE}). Starting Log4j's core (its plugin registry, pattern parser, JMX beans, some
 * 500 classes) is a good part of a short command's start. {@code bin/flux} chooses this factory for those commands
 * ({@code -Dlog4j2.loggerContextFactory}); {@link StormLogging} hands over to Log4j's core when a command needs more
 * (--verbose, a local run's log file, a configuration file of the user's).
 */
public final class StormErrorLines implements LoggerContextFactory {

    private static final LoggerContext CONTEXT = new Context();

    /** This factory is the one Log4j's API uses. */
    static boolean inUse() {
        return LogManager.getFactory() instanceof StormErrorLines;
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext) {
        return CONTEXT;
    }

    @Override
    public LoggerContext getContext(String fqcn, ClassLoader loader, Object externalContext, boolean currentContext,
                                    URI configLocation, String name) {
        return CONTEXT;
    }

    @Override
    public void removeContext(LoggerContext context) {
        // One context for the process, nothing to release.
    }

    @Override
    public boolean isClassLoaderDependent() {
        return false;
    }

    private static final class Context implements LoggerContext {

        private final Map<String, ExtendedLogger> loggers = new ConcurrentHashMap<>();

        @Override
        public Object getExternalContext() {
            return null;
        }

        @Override
        public ExtendedLogger getLogger(String name) {
            return getLogger(name, null);
        }

        @Override
        public ExtendedLogger getLogger(String name, MessageFactory messageFactory) {
            return loggers.computeIfAbsent(name, n -> new Line(n, messageFactory));
        }

        @Override
        public boolean hasLogger(String name) {
            return loggers.containsKey(name);
        }

        @Override
        public boolean hasLogger(String name, Class<? extends MessageFactory> messageFactoryClass) {
            return hasLogger(name);
        }

        @Override
        public boolean hasLogger(String name, MessageFactory messageFactory) {
            return hasLogger(name);
        }
    }

    /** Log4j's simple logger (its level checks and message formatting) with {@link StormLogging}'s line. */
    private static final class Line extends SimpleLogger {

        private final String shortName;

        Line(String name, MessageFactory messageFactory) {
            super(name, Level.ERROR, false, false, false, false, null, messageFactory,
                new PropertiesUtil(new Properties()), System.err);
            this.shortName = name.substring(name.lastIndexOf('.') + 1);
        }

        @Override
        public void logMessage(String fqcn, Level level, Marker marker, Message message, Throwable throwable) {
            PrintStream err = System.err;
            err.println("storm: " + String.format("%-5s", level.name()) + " " + shortName + " - "
                + message.getFormattedMessage());
        }
    }
}
