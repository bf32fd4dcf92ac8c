package dev.fluxext.run;

import java.nio.file.Path;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.builder.api.AppenderComponentBuilder;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilder;
import org.apache.logging.log4j.core.config.builder.api.ConfigurationBuilderFactory;
import org.apache.logging.log4j.core.config.builder.impl.BuiltConfiguration;
import org.apache.logging.log4j.core.impl.Log4jContextFactory;

/**
 * Where Storm's log output goes. Storm 2.8.3 logs through SLF4J to Log4j 2 and ships a {@code log4j2.xml}
 * that writes INFO to stdout, which would drown the CLI's own output (and corrupt {@code show --format json}).
 * Reconfiguring programmatically replaces that configuration whether or not Log4j has started yet.
 */
public final class StormLogging {

    private static final String PATTERN = "%d{HH:mm:ss.SSS} [%t] %-5p %c{1.} - %msg%n";
    /** The short commands' line, without stack trace ({@link StormErrorLines} writes the same). */
    static final String ERROR_LINE = "storm: %-5p %c{1} - %msg%n";

    private StormLogging() {
    }

    /**
     * To stderr, for the short-lived commands: by default only errors, one line each without stack trace (the CLI
     * reports failures itself); with {@code --verbose} everything from INFO with stack traces.
     */
    public static void toStderr(boolean verbose) {
        if (!verbose && !userConfigured() && StormErrorLines.inUse()) {
            return; // the same lines, without Log4j's core
        }
        useLog4jCore();
        if (userConfigured()) {
            return;
        }
        ConfigurationBuilder<BuiltConfiguration> builder = builder();
        builder.add(builder.newAppender("stderr", "Console").addAttribute("target", "SYSTEM_ERR")
            .add(builder.newLayout("PatternLayout")
                .addAttribute("pattern", verbose ? PATTERN : ERROR_LINE)
                .addAttribute("alwaysWriteExceptions", verbose)));
        builder.add(builder.newRootLogger(verbose ? Level.INFO : Level.ERROR).add(builder.newAppenderRef("stderr")));
        apply(builder.build());
    }

    /** Everything at INFO to {@code file}, nothing on the console: for local runs. */
    static void toFile(Path file) {
        useLog4jCore();
        if (userConfigured()) {
            return;
        }
        ConfigurationBuilder<BuiltConfiguration> builder = builder();
        AppenderComponentBuilder appender = builder.newAppender("file", "File")
            .addAttribute("fileName", file.toString()).addAttribute("append", false)
            .add(builder.newLayout("PatternLayout").addAttribute("pattern", PATTERN));
        builder.add(appender);
        builder.add(builder.newLogger("org.apache.zookeeper", Level.WARN));
        builder.add(builder.newLogger("org.apache.storm.shade.org.apache.zookeeper", Level.WARN));
        builder.add(builder.newRootLogger(Level.INFO).add(builder.newAppenderRef("file")));
        apply(builder.build());
    }

    /**
     * Starts Log4j with {@code configuration} if nothing has logged yet, else replaces the running configuration.
     * Starting it directly skips what Log4j does first otherwise: find and parse Storm's {@code log4j2.xml} (an XML
     * parser and some 600 classes loaded, a good part of a short command's start), only to be replaced.
     */
    private static void apply(BuiltConfiguration configuration) {
        LoggerContext context = Configurator.initialize(null, configuration);
        if (context == null || context.getConfiguration() != configuration) {
            Configurator.reconfigure(configuration);
        }
    }

    /**
     * Hands Storm's log from {@link StormErrorLines} to Log4j's core. Only loggers created from now on write there:
     * the commands call this before they load any Storm class.
     */
    private static void useLog4jCore() {
        if (StormErrorLines.inUse()) {
            LogManager.setFactory(new Log4jContextFactory());
        }
    }

    /** A user (or {@code storm jar}) who points Log4j at a configuration file keeps it. */
    private static boolean userConfigured() {
        return System.getProperty("log4j2.configurationFile") != null
            || System.getProperty("log4j.configurationFile") != null;
    }

    private static ConfigurationBuilder<BuiltConfiguration> builder() {
        ConfigurationBuilder<BuiltConfiguration> builder = ConfigurationBuilderFactory.newConfigurationBuilder();
        builder.setConfigurationName("flux");
        builder.setStatusLevel(Level.ERROR);
        return builder;
    }
}
