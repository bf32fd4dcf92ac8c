package dev.fluxext.cli;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.StormHandOff;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.CliProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.storm.utils.Utils;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "submit", mixinStandardHelpOptions = true, sortOptions = false,
    description = {"Run a topology on an embedded Storm cluster (--local) or submit it to Nimbus (--remote).",
        "--local starts real workers (topology.workers of them) exchanging tuples over Netty, prints progress "
            + "every --interval seconds and a summary at the end; Storm's own logs go to a file whose path is "
            + "printed. It runs for --duration seconds or until Ctrl-C, then kills the topology and exits 0; 3 when it "
            + "failed (workers that could not start or connect, nothing moved), with the reason."})
final class SubmitCommand implements Callable<Integer> {

    static final class Mode {
        @Option(names = "--local", required = true, description = "Run on an in-process Storm cluster.")
        boolean local;

        @Option(names = "--remote", required = true, description = "Submit to the Nimbus of a real cluster.")
        boolean remote;
    }

    @ParentCommand
    FluxCli parent;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Mode mode;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--dry-run", description = "Build the topology and print it, without running or submitting.")
    boolean dryRun;

    @Mixin
    SecretsOption secrets;

    @Option(names = "--duration", paramLabel = "SECONDS",
        description = "--local: stop after this many seconds (default: run until Ctrl-C).")
    Long durationSecs;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "5",
        description = "--local: seconds between progress lines (default: ${DEFAULT-VALUE}).")
    long intervalSecs;

    @Option(names = "--summary-json", paramLabel = "FILE",
        description = "--local: write the final per-component statistics to FILE as JSON.")
    Path summaryJson;

    @Option(names = "--log-file", paramLabel = "FILE",
        description = "--local: where Storm's logs go (default: flux-<topology>-<time>.log in the temp directory).")
    Path logFile;

    @Option(names = "--nimbus", paramLabel = "HOST[:PORT]",
        description = "--remote: the Nimbus to submit to (default: nimbus.seeds from -c or storm.yaml).")
    String nimbus;

    @Option(names = "--inactive", description = "--remote: submit the topology deactivated.")
    boolean inactive;

    @Option(names = "--wait-running", paramLabel = "SECONDS",
        description = "--remote: after submitting, wait up to SECONDS for Nimbus to report the topology running "
            + "(workers assigned, every executor up), printing each change; errors Nimbus reports for it, or no "
            + "running topology in time, exit 3.")
    Long waitRunningSecs;

    @Override
    public Integer call() throws Exception {
        checkOptions();
        CliContext context = parent.context();
        if (mode.local && !dryRun) {
            // The cluster starts while the file is read, checked and built, in the class loader the run uses.
            topologyOptions.installUserClasses(context);
            UserClasses.handToStorm("startLocalCluster",
                logFile == null ? null : context.workingDir().resolve(logFile).toString(), context.err(),
                topologyOptions.verbose);
        }
        LoadResult result = mode.local && !dryRun ? topologyOptions.loadAndPrintForWorkersHere(context)
            : topologyOptions.loadAndPrint(context, false);
        LoadedTopology topology = topologyOptions.topologyOf(result);
        SecretsOption.Shown shown = secrets.shown(result.redactions());
        if (mode.remote) {
            Path jar = TopologyJar.choose(topologyOptions.jars(context), topology.model());
            if (dryRun) {
                DryRun.print(topology, shown, context.out());
                context.out().printf("flux: dry run: would upload %s to %s%n", jar,
                    shown.text(StormHandOff.remoteTarget(topology.config(), nimbus)));
                return ExitCodes.OK;
            }
            return submitRemotely(topology, shown, context, Optional.ofNullable(nimbus), jar, inactive,
                Optional.ofNullable(waitRunningSecs).map(Duration::ofSeconds), topologyOptions.verbose);
        }
        if (dryRun) {
            DryRun.print(topology, shown, context.out());
            return ExitCodes.OK;
        }
        return runLocally(topology, shown, context, Optional.ofNullable(durationSecs).map(Duration::ofSeconds),
            Duration.ofSeconds(intervalSecs), Optional.ofNullable(summaryJson).map(context.workingDir()::resolve),
            Optional.ofNullable(logFile).map(context.workingDir()::resolve), topologyOptions.verbose);
    }

    /**
     * Runs the topology on a local cluster, where Storm sees the user's classes ({@link UserClasses#handToStorm}).
     * Shared with the Storm-style {@link Flux} main.
     */
    static int runLocally(LoadedTopology topology, SecretsOption.Shown shown, CliContext context,
                          Optional<Duration> duration, Duration interval, Optional<Path> summaryJson,
                          Optional<Path> logFile, boolean verbose) {
        String shownName = shown.text(topology.name());
        Path log = logFile.orElseGet(() -> defaultLogFile(shownName));
        return UserClasses.handToStorm("runLocal", topology.name(), shownName,
            Utils.thriftSerialize(topology.topology()), new HashMap<>(topology.config()), TopologyView.declared(topology.model()),
            TopologyView.of(topology).source().orElse(null), duration.map(Duration::toMillis).orElse(null),
            interval.toMillis(), summaryJson.map(Path::toString).orElse(null), log.toString(), context.out(),
            context.err(), verbose);
    }

    /** Submits to Nimbus, where Storm sees the user's classes. Shared with the Storm-style {@link Flux} main. */
    static int submitRemotely(LoadedTopology topology, SecretsOption.Shown shown, CliContext context,
                              Optional<String> nimbus, Path jar, boolean inactive, Optional<Duration> waitRunning,
                              boolean verbose) {
        return UserClasses.handToStorm("submitRemote", topology.name(), shown.text(topology.name()),
            Utils.thriftSerialize(topology.topology()), new HashMap<>(topology.config()), nimbus.orElse(null), jar.toString(), inactive,
            waitRunning.map(Duration::toSeconds).orElse(null), context.out(), context.err(), verbose);
    }

    private static Path defaultLogFile(String topology) {
        String time = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        String safeName = topology.replaceAll("[^A-Za-z0-9._-]", "_");
        // The user's temp directory: the process's own is deleted as it ends.
        return CliProcess.userTempDir().resolve("flux-" + safeName + "-" + time + ".log");
    }

    private void checkOptions() {
        if (mode.remote) {
            rejectWith("--remote", durationSecs != null, "--duration");
            rejectWith("--remote", summaryJson != null, "--summary-json");
            rejectWith("--remote", logFile != null, "--log-file");
        } else {
            rejectWith("--local", nimbus != null, "--nimbus");
            rejectWith("--local", inactive, "--inactive");
            rejectWith("--local", waitRunningSecs != null, "--wait-running");
        }
        if (durationSecs != null && durationSecs <= 0 || intervalSecs <= 0
            || waitRunningSecs != null && waitRunningSecs <= 0) {
            throw new CliException(ExitCodes.USAGE, "flux: --duration, --interval and --wait-running take a positive "
                + "number of seconds");
        }
    }

    private static void rejectWith(String mode, boolean given, String option) {
        if (given) {
            throw new CliException(ExitCodes.USAGE, "flux: " + option + " cannot be used with " + mode);
        }
    }
}
