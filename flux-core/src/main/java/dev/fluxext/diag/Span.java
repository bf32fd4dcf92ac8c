package dev.fluxext.diag;

import dev.fluxext.model.Position;
import java.util.Objects;

/**
 * The text a diagnostic is about: from {@code start} up to (excluding) {@code endLine}:{@code endColumn}, in
 * {@code start}'s file. A point (end = start) when only the start is known (a map, a command-line argument).
 */
public record Span(Position start, int endLine, int endColumn) {

    public Span {
        Objects.requireNonNull(start);
    }

    public static Span at(Position start) {
        return new Span(start, start.line(), start.column());
    }

    /** {@code length} characters on {@code start}'s line (a key, a plain scalar). */
    public static Span of(Position start, int length) {
        return start.line() == 0 ? at(start) : new Span(start, start.line(), start.column() + Math.max(0, length));
    }
}
