package dev.fluxext.lsp;

import dev.fluxext.model.Span;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Between the loader's places in one text (1-based line and column, columns counting Unicode code points as
 * SnakeYAML does, a span's end excluded) and the protocol's (0-based line, {@code character} counting UTF-16 code
 * units, end excluded). The two differ on a line with a character outside the Basic Multilingual Plane (an emoji:
 * one code point, two UTF-16 units) before the place. A point span (only its start known) becomes one character, so
 * that an editor has something to mark.
 */
final class Ranges {

    private final String text;
    private final int[] lineStarts;

    private Ranges(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            starts.add(i + 1);
        }
        this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The places of {@code text}, a document's content. */
    static Ranges of(String text) {
        return new Ranges(text);
    }

    /** The places of the file at {@code path} as it is on disk (an included file); as empty text if unreadable. */
    static Ranges ofFile(Path path) {
        return new Ranges(Texts.ofFile(path));
    }

    Range range(Span span) {
        int line = Math.max(0, span.start().line() - 1);
        int column = character(line, Math.max(0, span.start().column() - 1));
        int endLine = Math.max(line, span.endLine() - 1);
        int endColumn = character(endLine, Math.max(0, span.endColumn() - 1));
        if (endLine == line && endColumn <= column) {
            int start = line < lineStarts.length ? lineStarts[line] + column : -1;
            boolean pair = start >= 0 && start + 1 < text.length() && Character.isHighSurrogate(text.charAt(start));
            endColumn = column + (pair ? 2 : 1);
        }
        return new Range(new Position(line, column), new Position(endLine, endColumn));
    }

    /** The protocol's position as the loader's 1-based line. */
    int line(Position position) {
        return position.getLine() + 1;
    }

    /** The protocol's position as the loader's 1-based column (code points). */
    int column(Position position) {
        int line = position.getLine();
        if (line < 0 || line >= lineStarts.length) {
            return position.getCharacter() + 1;
        }
        int start = lineStarts[line];
        int end = Math.min(start + position.getCharacter(), lineEnd(line));
        int beyond = start + position.getCharacter() - end;
        return text.codePointCount(start, end) + beyond + 1;
    }

    /** UTF-16 units from the line's start to its {@code codePoints}-th code point (0-based both). */
    private int character(int line, int codePoints) {
        if (line >= lineStarts.length) {
            return codePoints;
        }
        int start = lineStarts[line];
        int end = lineEnd(line);
        int offset = start;
        int counted = 0;
        while (counted < codePoints && offset < end) {
            offset += Character.isHighSurrogate(text.charAt(offset)) && offset + 1 < end
                && Character.isLowSurrogate(text.charAt(offset + 1)) ? 2 : 1;
            counted++;
        }
        return offset - start + (codePoints - counted); // past the line's end: as many more units as code points
    }

    private int lineEnd(int line) {
        int end = line + 1 < lineStarts.length ? lineStarts[line + 1] - 1 : text.length();
        return end > lineStarts[line] && text.charAt(end - 1) == '\r' ? end - 1 : end;
    }
}
