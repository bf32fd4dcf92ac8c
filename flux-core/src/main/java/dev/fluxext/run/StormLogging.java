package dev.fluxext.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
    /**
     * The logger whose lines a local run also prints on the console, under the progress lines: a component's result
     * (the word count's top words), where a user looks, not only in Storm's log. The name is all a topology needs:
     * {@code LoggerFactory.getLogger("fluxext.console")}, no fluxext class.
     */
    public static final String CONSOLE_LOGGER = "fluxext.console";
    private static final String CONSOLE_LINE = "        %msg%n";
    /** The short commands' line, without stack trace ({@link StormErrorLines} writes the same). */
    static final String ERROR_LINE = "storm: %-5p %c{1} - %msg%n";

    /** Where {@link #toStartFile} sent Storm's lines, and its configuration, until {@link #toFile} moves them. */
    private static Path startFile;
    private static BuiltConfiguration startConfiguration;

    static {
        // Log4j's JMX beans: nothing reads them here (Storm sets a worker's log levels through Log4j's API), and
        // registering them is a part of Log4j's start. A user's own setting stays.
        if (System.getProperty("log4j2.disableJmx") == null && System.getProperty("log4j2.disable.jmx") == null) {
            System.setProperty("log4j2.disableJmx", "true");
        }
    }

    private StormLogging() {
    }

    /**
     * Storm's log is the short commands' error lines ({@link StormErrorLines}, chosen by {@code bin/flux} for
     * validate, show, graph, version, tls and help) and stays so: nothing hands it to Log4j's core any more.
     */
    public static boolean errorLinesOnly() {
        return StormErrorLines.inUse();
    }

    /**
     * To stderr, for the short-lived commands: by default only errors, one line each without stack trace (the CLI
     * reports failures itself); with {@code --verbose} everything from INFO with stack traces. Not while a local
     * run's cluster, started ahead, writes to its file ({@link #toStartFile}): the whole run's Storm log goes there.
     */
    public static void toStderr(boolean verbose) {
        if (!verbose && !userConfigured() && StormErrorLines.inUse()) {
            return; // the same lines, without Log4j's core
        }
        useLog4jCore();
        if (userConfigured() || startFile != null) {
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

    /**
     * Everything at INFO to {@code file}, nothing on the console: for local runs. After {@link #toStartFile}, what
     * Storm wrote there so far moves to {@code file} and its lines go on in it: renamed, as the appender writes on
     * through its open file; copied where renaming is not possible, then appended to.
     */
    static void toFile(Path file) {
        useLog4jCore();
        if (userConfigured()) {
            return;
        }
        Path early = startFile;
        BuiltConfiguration writing = startConfiguration;
        startFile = null;
        startConfiguration = null;
        if (early == null) {
            configure(file, false);
            return;
        }
        boolean moved = file.equals(early) || renamed(early, file);
        boolean carried = moved || copied(early, file);
        // The start's appender, if its configuration is still the one in force, writes on into the renamed file;
        // otherwise the file is configured again, appending.
        if (!moved || LoggerContext.getContext(false).getConfiguration() != writing) {
            configure(file, carried);
        }
    }

    /**
     * As {@link #toFile}, for a cluster started before its run knows the log file's name ({@code
     * local.LocalClusterStart.begin}); the run's {@link #toFile} then moves it.
     */
    static void toStartFile(Path file) {
        useLog4jCore();
        if (userConfigured()) {
            return;
        }
        startConfiguration = configure(file, false);
        startFile = file;
    }

    private static boolean renamed(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false; // another file system, or a system that does not rename open files
        }
    }

    private static boolean copied(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException e) {
            return false; // the new file starts empty
        }
    }

    private static BuiltConfiguration configure(Path file, boolean append) {
        ConfigurationBuilder<BuiltConfiguration> builder = builder();
        AppenderComponentBuilder appender = builder.newAppender("file", "File")
            .addAttribute("fileName", file.toString()).addAttribute("append", append)
            .add(builder.newLayout("PatternLayout").addAttribute("pattern", PATTERN));
        builder.add(appender);
        builder.add(builder.newAppender("console", "Console").addAttribute("target", "SYSTEM_OUT")
            .add(builder.newLayout("PatternLayout").addAttribute("pattern", CONSOLE_LINE)));
        builder.add(builder.newLogger(CONSOLE_LOGGER, Level.INFO).add(builder.newAppenderRef("console")));
        builder.add(builder.newLogger("org.apache.zookeeper", Level.WARN));
        builder.add(builder.newLogger("org.apache.storm.shade.org.apache.zookeeper", Level.WARN));
        builder.add(builder.newRootLogger(Level.INFO).add(builder.newAppenderRef("file")));
        BuiltConfiguration configuration = builder.build();
        apply(configuration);
        return configuration;
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
