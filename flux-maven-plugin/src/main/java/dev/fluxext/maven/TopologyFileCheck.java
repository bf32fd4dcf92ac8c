package dev.fluxext.maven;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The plugin's one use of flux-core: loads a topology file as {@code flux validate} does, with the project's classes
 * visible through the thread's context class loader (where flux-core looks classes up), and returns the CLI's
 * diagnostics, one {@code FILE:LINE:COL: message} line each.
 */
final class TopologyFileCheck {

    /** @param internalError the exception behind an "internal error" line (a bug of fluxext, not of the file) */
    record Findings(List<String> errors, List<String> warnings, Optional<Throwable> internalError) {
    }

    private final ClassLoader projectClasses;
    private final Optional<Path> filter;
    private final boolean envFilter;

    TopologyFileCheck(ClassLoader projectClasses, Optional<Path> filter, boolean envFilter) {
        this.projectClasses = projectClasses;
        this.filter = filter;
        this.envFilter = envFilter;
    }

    /** @param file the path as messages should name it; relative paths are read from the working directory */
    Findings check(String file) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(projectClasses);
        try {
            LoadResult result = FluxLoader.load(new LoadOptions(file, false, filter, envFilter, System.getenv(),
                    Map.of()));
            List<Diagnostic> all = result.diagnostics();
            return new Findings(all.stream().filter(Diagnostic::isError).map(Diagnostic::format).toList(),
                    all.stream().filter(d -> !d.isError()).map(Diagnostic::format).toList(), result.internalError());
        } finally {
            thread.setContextClassLoader(previous);
        }
    }
}
