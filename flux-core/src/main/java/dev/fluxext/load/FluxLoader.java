package dev.fluxext.load;

/**
 * The one entry point from a topology file to a submittable topology:
 * read (YAML with positions) → resolve (includes, {@code ${...}}) → model → check (schema, references,
 * Storm config validators) → build (StormTopology + config). Never throws for bad input: every problem
 * becomes a {@link dev.fluxext.diag.Diagnostic} in the result.
 */
public final class FluxLoader {

    private FluxLoader() {
    }

    public static LoadResult load(LoadOptions options) {
        throw new UnsupportedOperationException("not yet implemented"); // replaced by the flux-core pipeline
    }
}
