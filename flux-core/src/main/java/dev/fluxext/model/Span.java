package dev.fluxext.model;

import java.util.Objects;

/**
 * The text something was written as: from {@code start} up to (excluding) {@code endLine}:{@code endColumn}, in
 * {@code start}'s file; it may run over several lines (a map, a block scalar). A point (end = start) when only the
 * start is known (a command-line argument, a file as a whole). Diagnostics report spans; the model carries them so
 * that the later stages can.
 */
public record Span(Position start, int endLine, int endColumn) {

    public Span {
        Objects.requireNonNull(start);
    }

    public static Span at(Position start) {
        return new Span(start, start.line(), start.column());
    }

    /** {@code length} characters on {@code start}'s line. */
    public static Span of(Position start, int length) {
        return start.line() == 0 ? at(start) : new Span(start, start.line(), start.column() + Math.max(0, length));
    }
}
