package dev.fluxext.cli;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.read.InputFiles;
import dev.fluxext.read.ReadLimits;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --show-source}: under a diagnostic's one line, the source line it points into with its span underlined
 * ({@code ^~~~}), as compilers print it. Nothing for problems without a line (a {@code -c} argument) or files it
 * cannot read.
 */
final class SourceExcerpt {

    private final Map<String, Optional<List<String>>> files = new HashMap<>();

    /** The two lines to print under {@code d} (each ending in a newline), or "" when there is nothing to show. */
    String of(Diagnostic d) {
        int line = d.position().line();
        Optional<List<String>> lines = files.computeIfAbsent(d.position().file(), SourceExcerpt::read);
        if (line < 1 || lines.isEmpty() || line > lines.get().size()) {
            return "";
        }
        String text = lines.get().get(line - 1);
        int column = Math.max(1, d.position().column());
        // A span over several lines (a map, a block scalar) is underlined to the end of its first line.
        int end = d.span().endLine() == line ? d.span().endColumn() : text.length() + 1;
        int width = Math.max(1, end - column);
        return "    " + text + "\n    " + " ".repeat(column - 1) + "^" + "~".repeat(width - 1) + "\n";
    }

    private static Optional<List<String>> read(String file) {
        try {
            // Through InputFiles: the file named by a "not a regular file" diagnostic may be a FIFO.
            return Optional.of(InputFiles.readText(Path.of(file), "file", ReadLimits.DEFAULT.maxBytes()).lines().toList());
        } catch (InputFiles.Refused | RuntimeException e) {
            return Optional.empty(); // a classpath resource, or gone: the one-line form says it all
        }
    }
}
