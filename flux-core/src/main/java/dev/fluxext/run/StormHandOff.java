package dev.fluxext.run;

import dev.fluxext.describe.TopologyView;
import dev.fluxext.run.local.LocalClusterStart;
import dev.fluxext.run.process.CliProcess;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import dev.fluxext.run.remote.RemoteSubmitter;
import dev.fluxext.run.report.SummaryJson;
import dev.fluxext.tls.TlsKeys;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;

/**
 * Where a built topology is handed to Storm: a local cluster or {@code StormSubmitter}. With the user's classes
 * given, {@code cli.UserClasses.handToStorm} runs these methods in a class loader that holds Storm and the user's
 * classes together, so every argument is a JDK type (the topology as Thrift bytes) and every outcome an exit status:
 * nothing of one loader's flux or Storm may reach the other's.
 */
public final class StormHandOff {

    /** The name of the loader that holds flux, Storm and the user's classes together ({@code cli.UserClasses}). */
    public static final String STORM_WITH_USER_CLASSES = "flux-storm-with-user-classes";

    private StormHandOff() {
    }

    /**
     * Begins a local run's cluster ({@link LocalClusterStart#begin}) while the CLI goes on reading the topology: only in
     * the CLI's own process; Storm's log goes to {@code logFile}, or if null to a file that {@link #runLocal} moves
     * where it says.
     *
     * @return {@link ExitCodes#OK}: a start that fails is reported by the run that waits for it
     */
    public static int startLocalCluster(String logFile, PrintWriter err, boolean verbose) {
        if (!CliProcess.claimed()) {
            return ExitCodes.OK;
        }
        return withStormLoader(err, verbose, () -> {
            StormLogging.toStartFile(logFile != null ? Path.of(logFile)
                : Path.of(System.getProperty("java.io.tmpdir"), "storm-start.log"));
            LocalClusterStart.begin();
            return ExitCodes.OK;
        });
    }

    /**
     * Runs the topology on a local cluster (see {@code cli.SubmitCommand}'s options).
     *
     * @param name         the name Storm knows the topology by
     * @param shownName    the name as printed ({@link SecretsOption}): values from the environment masked
     * @param declared     component id → class, as the file names them, in the file's order
     * @param source       the topologySource, if the components come from one, else null
     * @param durationMillis null to run until Ctrl-C
     * @param summaryJson  null for none
     * @return the exit status; problems are printed to {@code err}
     */
    public static int runLocal(String name, String shownName, byte[] topology, Map<String, Object> config,
                               Map<String, String> declared, String source, Long durationMillis, long intervalMillis, String summaryJson,
                               String logFile, PrintWriter out, PrintWriter err, boolean verbose) {
        return withStormLoader(err, verbose, () -> {
            StormTopology built = Utils.thriftDeserialize(StormTopology.class, topology);
            Path log = Path.of(logFile);
            StormLogging.toFile(log);
            out.println("flux: Storm logs go to " + log);
            TopologyView view = TopologyView.ofSubmitted(name, config, built, declared, Optional.ofNullable(source));
            LocalRunner runner = new LocalRunner(name, shownName, built, config, view,
                Optional.ofNullable(durationMillis).map(Duration::ofMillis), Duration.ofMillis(intervalMillis), out,
                (topologyName, uptime, stats, compression, batches) -> Optional.ofNullable(summaryJson).map(Path::of)
                    .ifPresent(file -> {
                        Map<String, Object> document = SummaryJson.document(topologyName, uptime, stats, compression,
                            batches);
                        if (TlsKeys.configured(config)) {
                            document.put("tls", SummaryJson.tls());
                        }
                        SummaryJson.write(file, document);
                        out.println("flux: summary written to " + file);
                    }));
            return runner.run();
        });
    }

    /**
     * Submits the topology to a cluster's Nimbus (see {@link RemoteSubmitter}).
     *
     * @param shownName the name as printed (see {@link #runLocal})
     * @param nimbus null for Storm's own lookup
     * @param waitRunningSecs {@code --wait-running}: null not to wait for the topology to run
     * @return the exit status; problems are printed to {@code err}
     */
    public static int submitRemote(String name, String shownName, byte[] topology, Map<String, Object> config,
                                   String nimbus, String jar, boolean inactive, Long waitRunningSecs, PrintWriter out,
                                   PrintWriter err, boolean verbose) {
        return withStormLoader(err, verbose, () -> {
            // This loader's own Log4j, which Storm logs through here: Storm's retries and their stack traces only
            // with --verbose; the outcome is ours to print.
            StormLogging.toStderr(verbose);
            return RemoteSubmitter.submit(name, shownName, Utils.thriftDeserialize(StormTopology.class, topology),
                config, Optional.ofNullable(nimbus), Path.of(jar), inactive,
                Optional.ofNullable(waitRunningSecs).map(Duration::ofSeconds), out);
        });
    }

    /**
     * Where {@link #submitRemote} would submit, and why there ({@code --dry-run} prints it). Called in flux's own
     * loader, not through {@code UserClasses.handToStorm}: it only reads configuration.
     */
    public static String remoteTarget(Map<String, Object> config, String nimbus) {
        return RemoteSubmitter.target(config, Optional.ofNullable(nimbus));
    }

    private interface Task {
        int run() throws Exception;
    }

    /**
     * Runs {@code task}; in the loader holding Storm and the user's classes, with that loader as the context loader
     * and as Storm's loader for Java deserialization, so that Storm's lookups (service registrations, classes by
     * name, the spouts and bolts its workers deserialize) all go to it. In flux's own loader the settings of
     * {@code cli.UserClasses.install} stay.
     */
    private static int withStormLoader(PrintWriter err, boolean verbose, Task task) {
        ClassLoader storm = StormHandOff.class.getClassLoader();
        boolean own = STORM_WITH_USER_CLASSES.equals(storm.getName());
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        if (own) {
            thread.setContextClassLoader(storm);
            Utils.setClassLoaderForJavaDeSerialize(storm);
        }
        try {
            return task.run();
        } catch (Exception e) {
            return RunException.report(e, err, verbose);
        } catch (LinkageError e) { // a class of Storm's or the user's that does not load or link: say which
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return RunException.report(new RunException(ExitCodes.FAILURE, "flux: Storm could not load a class: " + e
                + (cause == e ? "" : " (" + cause + ")") + "; check the jars given with --jar and --classpath", e),
                err, verbose);
        } finally {
            if (own) {
                Utils.resetClassLoaderForJavaDeSerialize();
                thread.setContextClassLoader(previous);
            }
        }
    }
}
