package dev.fluxext.cli;

import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.StormConfigFile;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.utils.Utils;

/**
 * Storm's own configuration ({@code storm.yaml} on the class path, the file {@code storm.conf.file} names, the
 * {@code storm.options} the storm script sets), which Storm's {@code Utils} reads when first used. One Storm cannot
 * read fails {@code Utils}'s initialization, after which no Storm class works and the command could only report an
 * internal error: checked first, it is a usage error with Storm's reason.
 */
final class StormConfiguration {

    private StormConfiguration() {
    }

    /** {@link #check}, when there is a configuration of the user's to read (Storm's defaults always read). */
    static void checkIfGiven() {
        if (System.getProperty("storm.conf.file") != null || System.getProperty("storm.options") != null
            || Thread.currentThread().getContextClassLoader().getResource("storm.yaml") != null) {
            check();
        }
    }

    /**
     * Reads the configuration as Storm does, the thread's context class loader looking up the files. The storm
     * script reads {@code --config FILE} itself and sets {@code storm.conf.file}: {@code --config KEY=VALUE} meant for
     * us is a file Storm cannot find, and the message says to use {@code -c}.
     */
    static void check() {
        StormConfigFile.check();
        try {
            Utils.readStormConfig();
        } catch (RuntimeException | LinkageError e) {
            Throwable cause = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            String file = System.getProperty("storm.conf.file", "");
            throw new CliException(ExitCodes.USAGE, "flux: Storm cannot read its configuration (" + where(file) + "): "
                + cause.getMessage().strip()
                + (file.contains("=") ? ". Under the storm script, --config names Storm's own config file "
                    + "(storm.yaml) and '" + file + "' was taken for one; to override a topology config value use "
                    + "-c " + file : ""), e);
        }
    }

    /** What of the user's Storm read besides its defaults. */
    private static String where(String file) {
        List<String> read = new ArrayList<>();
        if (!file.isEmpty()) {
            read.add("storm.conf.file " + file);
        } else {
            URL yaml = Thread.currentThread().getContextClassLoader().getResource("storm.yaml");
            read.add(yaml != null ? "storm.yaml at " + yaml : "its defaults");
        }
        if (System.getProperty("storm.options") != null) {
            read.add("storm.options");
        }
        return String.join(", ", read);
    }
}
