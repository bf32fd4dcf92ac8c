package dev.fluxext.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.build.TransportTls;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.DiagnosticsJson;
import dev.fluxext.diag.DiagnosticsSarif;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.process.ExitCodes;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "validate", mixinStandardHelpOptions = true,
    description = {"Check a topology file completely (schema, references, classes, constructors, Storm config "
        + "values) short of running it.", "Without --static this creates the spouts, bolts and components the file "
        + "names (running their constructors, as submitting does) to check the streams they declare; check files "
        + "from untrusted sources with --static.", "Problems go to stderr as FILE:LINE:COL: message; with --format "
        + "json, stdout gets one JSON document (file, valid, errors, warnings, diagnostics with code, severity, "
        + "message, file, start, end, related) instead; with --format sarif, a SARIF 2.1.0 log (one result per "
        + "problem, the code as its rule id) for GitHub code scanning and other CI annotators."})
final class ValidateCommand implements Callable<Integer> {

    enum Format { human, json, sarif }

    /** Said after a plain validate: "valid" alone would not tell that checking ran code the file names. */
    static final String RAN_CODE = "note: this check ran the file's code (the constructors, factories and static "
        + "initializers it names, as submit does); check files you do not trust with validate --static";

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "human",
        description = "human (default), json (for tools and CI; docs/diagnostics.md lists the codes) or sarif "
            + "(SARIF 2.1.0, for code scanning).")
    Format format;

    @Option(names = "--static", description = "Check classes, constructors, methods and references by signature "
        + "only: create nothing, run no constructor or static initializer. The streams and fields components "
        + "declare are not checked.")
    boolean staticCheck;

    @Option(names = "--strict", description = "Fail (exit 1) when the file has warnings as well as errors, as "
        + "javac's -Werror does: for CI, where a warning nobody reads would otherwise pass.")
    boolean strict;

    @Override
    public Integer call() {
        if (format != Format.human) {
            LoadResult result = topologyOptions.loadQuietly(parent.context(), staticCheck);
            parent.context().out().println(format == Format.json ? json(result)
                : write(DiagnosticsSarif.log(Versions.fluxext(), result.diagnostics())));
            topologyOptions.topologyOf(result); // the exit code, as in the human format
            failOnWarnings(result);
            return ExitCodes.OK;
        }
        LoadResult result = topologyOptions.loadAndPrint(parent.context(), staticCheck);
        LoadedTopology topology = topologyOptions.topologyOf(result);
        failOnWarnings(result);
        parent.context().out().println(topologyOptions.file + ": topology '" + result.redactions().value(topology.name())
            + "' is valid (" + DryRun.counts(topology)
            + (staticCheck ? "; checked by signature, declared streams not checked" : "") + ")");
        TransportTls.checkedLine(topology.config()).ifPresent(parent.context().out()::println);
        if (!staticCheck) {
            parent.context().out().println(RAN_CODE);
        }
        return ExitCodes.OK;
    }

    /** With {@code --strict}, a file without errors but with warnings (already printed) fails too. */
    private void failOnWarnings(LoadResult result) {
        long warnings = result.diagnostics().stream().filter(d -> !d.isError()).count();
        if (strict && warnings > 0) {
            throw new CliException(ExitCodes.INVALID_TOPOLOGY, "flux: " + topologyOptions.file + ": " + warnings
                + (warnings == 1 ? " warning" : " warnings") + ", and --strict fails on warnings");
        }
    }

    private String json(LoadResult result) {
        boolean valid = result.topology().isPresent() && result.diagnostics().stream().noneMatch(Diagnostic::isError);
        return write(DiagnosticsJson.document(topologyOptions.file, valid, result.diagnostics()));
    }

    private static String write(Object document) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
