package dev.fluxext.diag;

import dev.fluxext.model.Position;

/** Another place a diagnostic points to, e.g. where an id was first declared. */
public record Related(Position position, String message) {
}
