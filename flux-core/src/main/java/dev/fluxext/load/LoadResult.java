package dev.fluxext.load;

import dev.fluxext.diag.Diagnostic;
import java.util.List;
import java.util.Optional;

/**
 * Everything found while loading a topology file. {@link #topology()} is present only when there are no errors;
 * warnings may accompany it.
 */
public record LoadResult(List<Diagnostic> diagnostics, Optional<LoadedTopology> topology) {

    public LoadResult {
        diagnostics = List.copyOf(diagnostics);
    }

    public boolean hasErrors() {
        return diagnostics.stream().anyMatch(Diagnostic::isError);
    }
}
