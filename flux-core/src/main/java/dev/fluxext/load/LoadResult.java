package dev.fluxext.load;

import dev.fluxext.diag.Diagnostic;
import java.util.List;
import java.util.Optional;

/**
 * Everything found while loading a topology file. {@link #topology()} is present only when there are no errors;
 * warnings may accompany it. {@link #internalError()} holds the exception behind an "internal error" diagnostic,
 * for {@code --verbose} to print its stack trace.
 */
public record LoadResult(List<Diagnostic> diagnostics, Optional<LoadedTopology> topology,
                         Optional<Throwable> internalError) {

    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
        internalError = internalError == null ? Optional.empty() : internalError;
    }

    public LoadResult(List<Diagnostic> diagnostics, Optional<LoadedTopology> topology) {
        this(diagnostics, topology, Optional.empty());
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
