package dev.fluxext.cli;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.build.LoadedTopology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The options every topology-reading command shares, and loading the topology with them. */
final class TopologyOptions {

    @Parameters(index = "0", paramLabel = "FILE",
        description = "The topology YAML file (a classpath resource with --resource).")
    String file;

    @Option(names = "--filter", paramLabel = "PROPS",
        description = "Properties file whose values replace $${key} placeholders.")
    Path filter;

    @Option(names = "--env-filter", description = "Replace $${ENV-NAME} placeholders with environment variables.")
    boolean envFilter;

    @Option(names = "--resource", description = "FILE names a classpath resource instead of a file.")
    boolean resource;

    @Option(names = {"-c", "--config"}, paramLabel = "KEY=VALUE",
        description = "Override a topology config value; VALUE is read as YAML/JSON "
            + "(-c topology.workers=2 -c nimbus.seeds='[\"a\",\"b\"]'). Repeatable.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(names = {"-v", "--verbose"}, description = "Print stack traces for internal errors.")
    boolean verbose;

    @Option(names = "--show-source", description = "Under each problem, print the source line and a caret under "
        + "the text it is about.")
    boolean showSource;

    /**
     * Loads the topology, printing every diagnostic (warnings too) to stderr, one per line.
     *
     * @throws CliException with {@link ExitCodes#INVALID_TOPOLOGY} when the file has errors
     */
    LoadedTopology load(CliContext context) {
        LoadResult result = loadQuietly(context);
        SourceExcerpt excerpt = new SourceExcerpt();
        for (Diagnostic diagnostic : result.diagnostics()) {
            context.err().println(diagnostic.format());
            if (showSource) {
                context.err().print(excerpt.of(diagnostic));
            }
        }
        return topologyOf(result);
    }

    /** Loads the topology without printing anything. */
    LoadResult loadQuietly(CliContext context) {
        if (verbose) {
            StormLogging.toStderr(true);
        }
        if (filter != null && !Files.isReadable(filter)) {
            throw new CliException(ExitCodes.USAGE, "flux: --filter " + filter + ": no such readable file");
        }
        LoadOptions options = new LoadOptions(file, resource, Optional.ofNullable(filter), envFilter,
            context.environment(), ConfigValues.parse(overrides));
        return context.loader().apply(options);
    }

    /**
     * The topology of a load, or the exception to exit with.
     *
     * @throws CliException with {@link ExitCodes#INVALID_TOPOLOGY} when the file has errors
     */
    LoadedTopology topologyOf(LoadResult result) {
        if (result.internalError().isPresent()) {
            // Already reported as an "internal error" diagnostic: a bug of ours, not a problem of the file.
            throw new CliException(ExitCodes.FAILURE, null, result.internalError().get());
        }
        long errors = result.diagnostics().stream().filter(Diagnostic::isError).count();
        if (errors > 0 || result.topology().isEmpty()) {
            throw new CliException(ExitCodes.INVALID_TOPOLOGY,
                "flux: " + file + ": " + Math.max(errors, 1) + (errors == 1 ? " error" : " errors"));
        }
        return result.topology().get();
    }
}
