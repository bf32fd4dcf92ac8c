package dev.fluxext.lsp;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Span;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code includes:} of a file whose {@code file:} names a file on disk (not a classpath resource), for go to
 * definition: found where the loader finds it (dev.fluxext.resolve.Source): from the working directory, else next to
 * the including file.
 */
final class IncludedFiles {

    /** The {@code file:} value written at {@code span}, naming {@code target}. */
    record Include(Span span, Path target) {
    }

    private IncludedFiles() {
    }

    static List<Include> of(String text, Path including, Path workingDirectory) {
        List<Include> found = new ArrayList<>();
        Optional<YNode> document = new YamlReader().readString(text, including.toString(), new Diagnostics());
        if (document.orElse(null) instanceof YNode.Map top
            && top.get("includes").orElse(null) instanceof YNode.Seq includes) {
            for (YNode item : includes.items()) {
                if (item instanceof YNode.Map include && !isResource(include)
                    && include.get("file").orElse(null) instanceof YNode.Scalar file
                    && file.value() instanceof String name) {
                    locate(name, including, workingDirectory).ifPresent(p -> found.add(new Include(file.span(), p)));
                }
            }
        }
        return found;
    }

    private static boolean isResource(YNode.Map include) {
        return include.get("resource").orElse(null) instanceof YNode.Scalar s && Boolean.TRUE.equals(s.value());
    }

    private static Optional<Path> locate(String name, Path including, Path workingDirectory) {
        Path path = Path.of(name);
        if (path.isAbsolute()) {
            return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        }
        Path fromWorkingDirectory = workingDirectory.resolve(path).toAbsolutePath().normalize();
        if (Files.isRegularFile(fromWorkingDirectory)) {
            return Optional.of(fromWorkingDirectory);
        }
        Path nextToFile = including.toAbsolutePath().getParent().resolve(path).normalize();
        return Files.isRegularFile(nextToFile) ? Optional.of(nextToFile) : Optional.empty();
    }
}
