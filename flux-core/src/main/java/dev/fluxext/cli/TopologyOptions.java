package dev.fluxext.cli;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.build.SystemTopology;
import dev.fluxext.build.TopologyFactory;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.read.InputFiles;
import dev.fluxext.read.ReadLimits;
import dev.fluxext.reflect.ClassFinder;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.StormLogging;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    @Option(names = "--secret", paramLabel = "NAME",
        description = "A --filter property whose value messages and output never print (those named like a "
            + "password, secret, token, credential or key, and every $${ENV-NAME} value, are hidden already). "
            + "Repeatable.")
    Set<String> secretNames = new LinkedHashSet<>();

    @Option(names = "--resource", description = "FILE names a classpath resource instead of a file.")
    boolean resource;

    @Option(names = {"-c", "--config"}, paramLabel = "KEY=VALUE",
        description = "Override a topology config value; VALUE is read as YAML/JSON "
            + "(-c topology.workers=2 -c nimbus.seeds='[\"a\",\"b\"]'). Repeatable.")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(names = "--jar", paramLabel = "FILE",
        description = "A jar with your own spouts, bolts and other classes, loaded over Storm's; repeatable. "
            + "submit --remote uploads it.")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATH",
        description = "More of your classes: jars and class directories separated by ':' "
            + "(';' on Windows), after those in the environment variable FLUX_CLASSPATH.")
    String classpath;

    /** Config values given to the launcher rather than to us ({@code storm.options} of the storm script), before -c. */
    Map<String, Object> scriptOverrides = Map.of();

    @Option(names = {"-v", "--verbose"},
        description = "Print stack traces of failures, and Storm's own log lines (e.g. a remote submission's retries).")
    boolean verbose;

    @Option(names = "--show-source", description = "Under each problem, print the source line with the text it "
        + "is about underlined.")
    boolean showSource;

    /**
     * Loads the topology, printing every diagnostic (warnings too) to stderr, one per line.
     *
     * @throws CliException with {@link ExitCodes#INVALID_TOPOLOGY} when the file has errors
     */
    LoadedTopology load(CliContext context) {
        return load(context, false);
    }

    /**
     * As {@link #load(CliContext)}; with {@code staticCheck}, checked by signature only (nothing created, no static
     * initializer run): the topology is for reading, never for submitting.
     */
    LoadedTopology load(CliContext context, boolean staticCheck) {
        return topologyOf(loadAndPrint(context, staticCheck));
    }

    /** Loads the topology and prints its diagnostics; the result, for {@link #topologyOf} and what else it holds. */
    LoadResult loadAndPrint(CliContext context, boolean staticCheck) {
        LoadResult result = loadQuietly(context, staticCheck);
        print(result, context);
        return result;
    }

    /**
     * As {@link #loadAndPrint} for a run whose workers start on this machine ({@code --local}, without
     * {@code --dry-run}): a TLS store, password file or variable that is not here ({@link Code#TLS_NOT_HERE}, a
     * warning where a cluster's workers check them) is an error naming each, as the run's workers would fail on it.
     */
    LoadResult loadAndPrintForWorkersHere(CliContext context) {
        LoadResult result = loadQuietly(context, false);
        List<Diagnostic> diagnostics = result.diagnostics().stream().map(d -> d.code() == Code.TLS_NOT_HERE
            ? Diagnostic.error(Code.TLS_STORE, d.span(), workersHere(d)) : d).toList();
        LoadResult here = new LoadResult(diagnostics, result.model(), result.topology(), result.internalError(),
            result.redactions());
        print(here, context);
        return here;
    }

    private static String workersHere(Diagnostic notHere) {
        List<String> missing = notHere.related().stream().map(r -> r.message().replace(" on this machine", ""))
            .toList();
        boolean variable = missing.stream().anyMatch(m -> m.startsWith("the environment variable"));
        boolean file = missing.size() > (variable ? 1 : 0);
        return "--local runs the workers on this machine, where " + String.join(", ", missing) + ": "
            + (file ? "give the paths of this machine's stores and password file (flux tls init DIR makes them)" : "")
            + (file && variable ? ", and " : "") + (variable ? "set the variable before submitting" : "");
    }

    /**
     * The file's checked model as a view, checked by signature only: nothing of the file is created and no user code
     * runs. Prints every diagnostic as {@link #load} does. Shown as {@code secrets} says.
     *
     * @throws CliException with {@link ExitCodes#INVALID_TOPOLOGY} when the file has errors
     */
    TopologyView loadModel(CliContext context, SecretsOption secrets) {
        return loadModel(context, secrets, loadQuietly(context, true));
    }

    private TopologyView loadModel(CliContext context, SecretsOption secrets, LoadResult result) {
        print(result, context);
        TopologyDef model = checked(result, result.model()).orElseThrow();
        return secrets.shown(result.redactions())
            .view(TopologyView.ofModel(TopologyFactory.topologyName(model, file), model));
    }

    /**
     * As {@link #loadModel}, except that classes whose package is not on the classpath at all (the user's jar not
     * given) do not stop it: what they would have checked is named in one line instead of an error per class, with
     * the jar beside the file that holds them, if one does. For drawing, which needs only the file as written.
     */
    TopologyView loadModelToDraw(CliContext context, SecretsOption secrets, String command) {
        LoadResult result = loadQuietly(context, true);
        List<Diagnostic> missing = result.diagnostics().stream().filter(d -> d.code() == Code.MISSING_JAR).toList();
        boolean onlyClassesMissing = !missing.isEmpty() && result.model().isPresent()
            && result.internalError().isEmpty()
            && result.diagnostics().stream().noneMatch(d -> d.isError() && d.code() != Code.MISSING_JAR);
        if (!onlyClassesMissing) {
            return loadModel(context, secrets, result);
        }
        printDiagnostics(result.diagnostics().stream().filter(d -> d.code() != Code.MISSING_JAR).toList(), context);
        List<String> packages = missing.stream().map(d -> ClassFinder.missingPackage(d.message()))
            .flatMap(Optional::stream).distinct().toList();
        context.err().println("flux: " + command + ": not checked: " + missing.size()
            + (missing.size() == 1 ? " class" : " classes") + " of " + String.join(", ", packages)
            + ", which " + (packages.size() == 1 ? "is" : "are") + " not on the classpath (their constructors, "
            + "methods and fields); drawn as the file names them");
        printJarHints(result.diagnostics(), context);
        TopologyDef model = result.model().orElseThrow();
        return secrets.shown(result.redactions())
            .view(TopologyView.ofModel(TopologyFactory.topologyName(model, file), model));
    }

    /** Loads the topology without printing anything. */
    LoadResult loadQuietly(CliContext context, boolean staticCheck) {
        return context.loader().apply(options(context, staticCheck));
    }

    private LoadOptions options(CliContext context, boolean staticCheck) {
        if (verbose) {
            StormLogging.toStderr(true);
        }
        if (filter != null) {
            try { // a usage error before anything runs; the loader checks again as it reads
                InputFiles.checkRegular(filter, "--filter properties file", ReadLimits.DEFAULT.maxBytes());
            } catch (InputFiles.Refused e) {
                throw new CliException(ExitCodes.USAGE, "flux: " + e.getMessage());
            }
        }
        installUserClasses(context);
        StormConfiguration.checkIfGiven(); // before anything else meets Storm's Utils: a usage error if unreadable
        LoadOptions options = new LoadOptions(file, resource, Optional.ofNullable(filter), envFilter,
            context.environment(), configOverrides(), staticCheck, Path.of(""), secretNames);
        if (StormLogging.errorLinesOnly()) {
            // A short command, whose loggers are set for good. The loader now reads the file and needs Storm's
            // Utils and system topology only at its structure check: by then this has prepared them.
            SystemTopology.prepareInBackground();
        }
        return options;
    }

    private void print(LoadResult result, CliContext context) {
        printDiagnostics(result.diagnostics(), context);
        printJarHints(result.diagnostics(), context);
    }

    private void printDiagnostics(List<Diagnostic> diagnostics, CliContext context) {
        SourceExcerpt excerpt = new SourceExcerpt();
        for (Diagnostic diagnostic : diagnostics) {
            context.err().println(diagnostic.format());
            if (showSource) {
                context.err().print(excerpt.of(diagnostic));
            }
        }
    }

    /** The {@code --jar} that a missing package needs, when its jar ships next to the file. */
    private void printJarHints(List<Diagnostic> diagnostics, CliContext context) {
        if (!resource) {
            JarsNextToFile.hints(Path.of(file), context.workingDir(), diagnostics).forEach(context.err()::println);
        }
    }

    /**
     * The topology of a load, or the exception to exit with.
     *
     * @throws CliException with {@link ExitCodes#INVALID_TOPOLOGY} when the file has errors
     */
    LoadedTopology topologyOf(LoadResult result) {
        return checked(result, result.topology()).orElseThrow();
    }

    /** {@code wanted} when the load had no errors and it is present, else the exception to exit with. */
    private <T> Optional<T> checked(LoadResult result, Optional<T> wanted) {
        if (result.internalError().isPresent()) {
            // Already reported as an "internal error" diagnostic: a bug of ours, not a problem of the file.
            throw new CliException(ExitCodes.FAILURE, null, result.internalError().get());
        }
        long errors = result.diagnostics().stream().filter(Diagnostic::isError).count();
        if (errors > 0 || wanted.isEmpty()) {
            throw new CliException(ExitCodes.INVALID_TOPOLOGY,
                "flux: " + file + ": " + Math.max(errors, 1) + (errors == 1 ? " error" : " errors"));
        }
        return wanted;
    }

    private Map<String, Object> configOverrides() {
        Map<String, Object> all = new LinkedHashMap<>(scriptOverrides);
        all.putAll(ConfigValues.parse(overrides));
        return all;
    }

    /** Makes the user's classes ({@code --jar}, {@code --classpath}, {@code FLUX_CLASSPATH}) visible to the command. */
    void installUserClasses(CliContext context) {
        UserClasses.install(jars(context), classpath(context));
    }

    /** The {@code --jar} files, resolved against the working directory. */
    List<Path> jars(CliContext context) {
        return jars.stream().map(context.workingDir()::resolve).toList();
    }

    /** {@code FLUX_CLASSPATH}, then {@code --classpath}. */
    private List<Path> classpath(CliContext context) {
        List<Path> entries = new ArrayList<>(
            UserClasses.splitPath(context.environment().getOrDefault("FLUX_CLASSPATH", ""), context.workingDir()));
        entries.addAll(UserClasses.splitPath(classpath == null ? "" : classpath, context.workingDir()));
        return entries;
    }
}
