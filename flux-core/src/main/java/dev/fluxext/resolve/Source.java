package dev.fluxext.resolve;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a topology document comes from: a file or a classpath resource.
 *
 * @param label    how diagnostics name it: the path as the user gave it, or the included path resolved against the
 *                 including file's directory, or the resource name
 * @param file     the file, for file sources
 * @param resource the resource name, for classpath sources
 */
public record Source(String label, Optional<Path> file, Optional<String> resource) {

    public static Source ofFile(String label) {
        return new Source(label, Optional.of(Path.of(label)), Optional.empty());
    }

    public static Source ofResource(String name) {
        String n = name.startsWith("/") ? name.substring(1) : name;
        return new Source(n, Optional.empty(), Optional.of(n));
    }

    /** Identity for cycle detection: the real path of a file (symlinks and {@code ..} resolved), or the resource name. */
    String identity() {
        if (file.isPresent()) {
            try {
                return "file:" + file.get().toRealPath();
            } catch (java.io.IOException e) {
                return "file:" + file.get().toAbsolutePath().normalize();
            }
        }
        return "resource:" + resource.orElseThrow();
    }

    /** An include written in this document: files relative to this file's directory (or the working directory). */
    Source include(String name, boolean isResource) {
        if (isResource) {
            return ofResource(name);
        }
        Path p = Path.of(name);
        if (file.isPresent() && !p.isAbsolute()) {
            Path dir = file.get().getParent();
            p = dir == null ? p : dir.resolve(p).normalize();
        }
        return new Source(p.toString(), Optional.of(p), Optional.empty());
    }
}
