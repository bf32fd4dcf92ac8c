package dev.fluxext.lsp;

import dev.fluxext.model.Span;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Between the loader's places (1-based line and column, a span's end excluded) and the protocol's (0-based, end
 * excluded). A point span (only its start known) becomes one character, so that an editor has something to mark.
 */
final class Ranges {

    private Ranges() {
    }

    static Range of(Span span) {
        int line = Math.max(0, span.start().line() - 1);
        int column = Math.max(0, span.start().column() - 1);
        int endLine = Math.max(line, span.endLine() - 1);
        int endColumn = Math.max(0, span.endColumn() - 1);
        if (endLine == line && endColumn <= column) {
            endColumn = column + 1;
        }
        return new Range(new Position(line, column), new Position(endLine, endColumn));
    }

    /** The protocol's position as the loader's 1-based line. */
    static int line(Position position) {
        return position.getLine() + 1;
    }

    static int column(Position position) {
        return position.getCharacter() + 1;
    }
}
