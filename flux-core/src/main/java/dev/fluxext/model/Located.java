package dev.fluxext.model;

import java.util.Objects;

/** A value and where the YAML wrote it (its whole text), for errors about that value. */
public record Located<T>(T value, Span span) {

    public Located {
        Objects.requireNonNull(value);
        Objects.requireNonNull(span);
    }

    public Position position() {
        return span.start();
    }
}
