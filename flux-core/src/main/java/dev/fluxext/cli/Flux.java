package dev.fluxext.cli;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadedTopology;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The Storm way, with Storm Flux's option names:
 * {@code storm jar topology.jar dev.fluxext.cli.Flux --remote topology.yaml}. Without {@code --local} or
 * {@code --dry-run} it submits to the cluster {@code storm jar} points at, uploading the jar {@code storm jar} names.
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

    @Option(names = {"-v", "--verbose"}, description = "Print stack traces for internal errors.")
    boolean verbose;

    Flux(CliContext context) {
        this.context = context;
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        CliContext context = new CliContext(FluxLoader::load, System.getenv(), Path.of("").toAbsolutePath(), out, err);
        int code = FluxCli.commandLine(new Flux(context), context).execute(args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    @Override
    public Integer call() throws Exception {
        if (local && remote) {
            throw new CliException(ExitCodes.USAGE, "flux: --local and --remote exclude each other");
        }
        if (!noSplash) {
            context.out().println("fluxext " + Versions.fluxext() + ": Flux-compatible topologies for Apache Storm");
        }
        TopologyOptions options = new TopologyOptions();
        options.file = file;
        options.filter = filter;
        options.envFilter = envFilter;
        options.resource = resource;
        options.overrides = overrides;
        options.verbose = verbose;
        LoadedTopology topology = options.load(context);
        if (!noDetail || dryRun) {
            DryRun.print(topology, context.out(), !noDetail);
        }
        if (dryRun) {
            return ExitCodes.OK;
        }
        if (local) {
            return SubmitCommand.runLocally(topology, context, Optional.of(Duration.ofMillis(sleepMs)),
                Duration.ofSeconds(5), Optional.empty(), Optional.empty());
        }
        RemoteSubmitter.submit(topology, Optional.empty(), TopologyJar.choose(List.of(), topology.topology()),
            inactive, context.out());
        return ExitCodes.OK;
    }
}
