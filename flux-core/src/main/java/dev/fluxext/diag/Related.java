package dev.fluxext.diag;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;

/** Another place a diagnostic points to, e.g. where an id was first declared: the span of its text. */
public record Related(Span span, String message) {

    public Position position() {
        return span.start();
    }
}
