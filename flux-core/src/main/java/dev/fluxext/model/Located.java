package dev.fluxext.model;

import java.util.Objects;

/** A value and where the YAML wrote it, for errors about that value. */
public record Located<T>(T value, Position position) {

    public Located {
        Objects.requireNonNull(value);
        Objects.requireNonNull(position);
    }
}
