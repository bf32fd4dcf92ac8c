package dev.fluxext.resolve;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a topology document comes from: a file or a classpath resource.
 *
 * @param label    how diagnostics name it: the path as the user gave it, the included path (from the working
 *                 directory, or from the including file's directory when it is only there), or the resource name
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

    /** An included classpath resource. */
    Source includeResource(String name) {
        return ofResource(name);
    }

    /**
     * An included file, found where Storm's Flux finds it: a relative path from the working directory. A file that is
     * only next to this one (the path relative to this file's directory) is {@link #nextToThis}.
     */
    Source includeFile(String name, Path workingDirectory) {
        Path p = Path.of(name);
        if (p.isAbsolute()) {
            return new Source(name, Optional.of(p), Optional.empty());
        }
        Path resolved = workingDirectory.resolve(p);
        return new Source(resolved.toString(), Optional.of(resolved), Optional.empty());
    }

    /** The relative path {@code name} from this file's directory, if this is a file in a directory. */
    Optional<Source> nextToThis(String name) {
        Path p = Path.of(name);
        if (p.isAbsolute() || file.isEmpty() || file.get().getParent() == null) {
            return Optional.empty();
        }
        Path resolved = file.get().getParent().resolve(p).normalize();
        return Optional.of(new Source(resolved.toString(), Optional.of(resolved), Optional.empty()));
    }
}
