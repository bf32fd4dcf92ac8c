package dev.fluxext.cli;

import dev.fluxext.describe.TopologyText;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadResult;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.CliProcess;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The Storm way, with Storm Flux's option names:
 * {@code storm jar topology.jar dev.fluxext.cli.Flux --remote topology.yaml}. Without {@code --local} or
 * {@code --dry-run} it submits to the cluster {@code storm jar} points at, uploading the jar {@code storm jar} names.
 * {@code bin/flux} runs it too when its command line is in Flux's form ({@code flux --local topology.yaml}).
 */
@Command(name = "dev.fluxext.cli.Flux", mixinStandardHelpOptions = true, versionProvider = Versions.class,
    sortOptions = false,
    description = "Storm Flux compatible entry point: storm jar app.jar dev.fluxext.cli.Flux [options] FILE")
public final class Flux implements Callable<Integer> {

    private final CliContext context;

    @Parameters(index = "0", paramLabel = "FILE", description = "The topology YAML file.")
    String file;

    @Option(names = {"-l", "--local"}, description = "Run on an in-process cluster for --sleep milliseconds.")
    boolean local;

    @Option(names = {"-r", "--remote"}, description = "Submit to the cluster (the default without --local).")
    boolean remote;

    @Option(names = {"-d", "--dry-run"}, description = "Build and print the topology; do not run or submit it.")
    boolean dryRun;

    @Option(names = {"-f", "--filter"}, paramLabel = "FILE", description = "Properties file for $${key} placeholders.")
    Path filter;

    @Option(names = {"-e", "--env-filter"}, description = "Replace $${ENV-NAME} placeholders from the environment.")
    boolean envFilter;

    @Option(names = {"-R", "--resource"}, description = "FILE is a classpath resource.")
    boolean resource;

    @Option(names = {"-i", "--inactive"}, description = "Submit the topology deactivated.")
    boolean inactive;

    @Option(names = {"-s", "--sleep"}, paramLabel = "MS", defaultValue = "60000",
        description = "--local: how long to run, in milliseconds (default: ${DEFAULT-VALUE}).")
    long sleepMs;

    @Option(names = {"-c", "--config"}, paramLabel = "KEY=VALUE", description = "Override a topology config value.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(names = {"-n", "--no-splash"}, description = "Do not print the banner.")
    boolean noSplash;

    @Option(names = {"-q", "--no-detail"}, description = "Do not print the topology's details.")
    boolean noDetail;

    @Option(names = "--jar", paramLabel = "FILE", description = "A jar with your own classes, loaded over Storm's; "
        + "--remote uploads it (under `storm jar`, the jar it runs is uploaded without this). Repeatable.")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATH",
        description = "More of your classes: jars and class directories separated by ':' (';' on Windows).")
    String classpath;

    @Option(names = {"-v", "--verbose"},
        description = "Print stack traces of failures, and Storm's own log lines (e.g. a remote submission's retries).")
    boolean verbose;

    @Mixin
    SecretsOption secrets = new SecretsOption();

    // Storm's own flags that have no use here: accepted only to say what replaces them.
    @Option(names = {"-z", "--zookeeper"}, paramLabel = "HOST:PORT", hidden = true)
    String zookeeper;

    @Option(names = "--local-ttl", paramLabel = "SECONDS", hidden = true)
    String localTtl;

    @Option(names = "--jars", paramLabel = "JARS", hidden = true)
    String stormJars;

    Flux(CliContext context) {
        this.context = context;
    }

    public static void main(String[] args) {
        // Under `storm local` the caller's cluster outlives this method and may already use the temp directory.
        boolean ownsProcess = !NimbusClient.isLocalOverride();
        if (ownsProcess) {
            CliProcess.claim();
        }
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        CliContext context = new CliContext(FluxLoader::load, System.getenv(), Path.of("").toAbsolutePath(), out, err);
        int code = FluxCli.commandLine(new Flux(context), context).execute(args);
        out.flush();
        err.flush();
        // Under `storm local` our caller (LocalCluster.main) keeps the cluster up for its TTL, then exits itself.
        if (ownsProcess) {
            CliProcess.end(code);
        } else if (code != ExitCodes.OK) {
            System.exit(code);
        }
    }

    /**
     * `storm jar` puts only Storm's worker libraries on the classpath (storm-client); an in-process cluster needs
     * storm-server too.
     */
    private static void requireLocalCluster() {
        try {
            Class.forName("org.apache.storm.LocalCluster$Builder", false, Flux.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new CliException(ExitCodes.USAGE, "flux: --local needs Storm's server classes (storm-server, in "
                + "Storm's lib/ directory), which are not on the classpath: `storm jar` gives a topology only Storm's "
                + "worker libraries. Run locally with `storm local app.jar dev.fluxext.cli.Flux FILE` (without "
                + "--local; --local-ttl SECONDS sets how long), or `storm jar --storm-server-classpath app.jar "
                + "dev.fluxext.cli.Flux --local FILE`", e);
        }
    }

    /** A usage error for a Storm flag that has no use here, saying what to write instead. */
    private void rejectStormFlags() {
        if (zookeeper != null) {
            throw new CliException(ExitCodes.USAGE, "flux: --zookeeper is not needed: --local starts its own "
                + "in-process ZooKeeper, and a cluster's ZooKeeper is the one its Nimbus uses; to run on a cluster, "
                + "submit with --remote (its Nimbus from nimbus.seeds in storm.yaml, or -c nimbus.seeds='[\"HOST\"]')");
        }
        if (localTtl != null) {
            throw new CliException(ExitCodes.USAGE, "flux: --local-ttl is the storm script's `storm local` option; "
                + "here --local runs for --sleep MILLISECONDS: --local --sleep " + ttlInMillis(localTtl));
        }
        if (stormJars != null) {
            throw new CliException(ExitCodes.USAGE, "flux: --jars is the storm script's option; here give each jar "
                + "with --jar FILE (--remote uploads it) and other classes with --classpath PATH");
        }
    }

    private static String ttlInMillis(String seconds) {
        try {
            return Long.toString(Math.multiplyExact(Long.parseLong(seconds.trim()), 1000L));
        } catch (NumberFormatException | ArithmeticException e) {
            return "MILLISECONDS";
        }
    }

    @Override
    public Integer call() throws Exception {
        rejectStormFlags();
        if (local && remote) {
            throw new CliException(ExitCodes.USAGE, "flux: --local and --remote exclude each other");
        }
        if (!noSplash) {
            context.out().println("fluxext " + Versions.fluxext() + ": Flux-compatible topologies for Apache Storm");
        }
        StormConfiguration.check();
        TopologyOptions options = new TopologyOptions();
        options.file = file;
        options.filter = filter;
        options.envFilter = envFilter;
        options.resource = resource;
        options.overrides = overrides;
        options.jars = jars;
        options.classpath = classpath;
        // The storm script takes -c KEY=VALUE for itself and passes it on as storm.options.
        options.scriptOverrides = Utils.readCommandLineOpts();
        options.verbose = verbose;
        LoadResult result = local && !dryRun ? options.loadAndPrintForWorkersHere(context)
            : options.loadAndPrint(context, false);
        LoadedTopology topology = options.topologyOf(result);
        SecretsOption.Shown shown = secrets.shown(result.redactions());
        if (dryRun) {
            DryRun.print(topology, shown, context.out(), !noDetail);
            return ExitCodes.OK;
        }
        if (!noDetail) {
            context.out().print(TopologyText.summary(shown.view(TopologyView.of(topology))));
        }
        if (local) {
            requireLocalCluster();
            return SubmitCommand.runLocally(topology, shown, context, Optional.of(Duration.ofMillis(sleepMs)),
                Duration.ofSeconds(5), Optional.empty(), Optional.empty(), verbose);
        }
        return SubmitCommand.submitRemotely(topology, shown, context, Optional.empty(),
            TopologyJar.choose(options.jars(context), topology.model()), inactive, Optional.empty(), verbose);
    }
}
