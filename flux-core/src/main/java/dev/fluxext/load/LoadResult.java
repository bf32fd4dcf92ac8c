package dev.fluxext.load;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Redactions;
import dev.fluxext.model.TopologyDef;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Everything found while loading a topology file. {@link #topology()} is present only when there are no errors;
 * warnings may accompany it. {@link #model()} is the checked model, present with the topology, or alone when the
 * options asked for no build ({@link LoadOptions#build()}), or when there were errors and the file could be read
 * (then as far as it could be: {@code graph} draws it when only classes were missing). {@link #internalError()} holds
 * the exception behind an "internal error" diagnostic, for {@code --verbose} to print its stack trace.
 * {@link #redactions()}: what {@code ${...}} substituted, for output beyond the diagnostics (already hidden in them)
 * to hide too ({@code show} masks values from the environment).
 */
public record LoadResult(List<Diagnostic> diagnostics, Optional<TopologyDef> model, Optional<LoadedTopology> topology,
                         Optional<Throwable> internalError, Redactions redactions) {

    public LoadResult {
        diagnostics = inFileOrder(diagnostics);
        model = topology.isPresent() ? topology.map(LoadedTopology::model) : model;
        internalError = internalError == null ? Optional.empty() : internalError;
        redactions = redactions == null ? new Redactions() : redactions;
    }

    public LoadResult(List<Diagnostic> diagnostics, Optional<TopologyDef> model, Optional<LoadedTopology> topology,
                      Optional<Throwable> internalError) {
        this(diagnostics, model, topology, internalError, null);
    }

    public LoadResult(List<Diagnostic> diagnostics, Optional<LoadedTopology> topology,
                      Optional<Throwable> internalError) {
        this(diagnostics, Optional.empty(), topology, internalError);
    }

    public LoadResult(List<Diagnostic> diagnostics, Optional<LoadedTopology> topology) {
        this(diagnostics, Optional.empty(), topology, Optional.empty());
    }

    /**
     * Stages find problems in their own order; people read a file top to bottom. Files keep the order in which they
     * first had a problem; within a file, by line and column (the sort is stable).
     */
    private static List<Diagnostic> inFileOrder(List<Diagnostic> found) {
        List<String> files = found.stream().map(d -> d.position().file()).distinct().toList();
        return found.stream().sorted(Comparator.comparingInt((Diagnostic d) -> files.indexOf(d.position().file()))
                .thenComparingInt(d -> d.position().line()).thenComparingInt(d -> d.position().column())).toList();
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
