package dev.fluxext.diag;

import dev.fluxext.model.Span;
import java.util.Objects;
import java.util.Optional;

/**
 * A fix a check proposes ("did you mean 'parallelism'?"): the text to write, and the text it replaces when that is
 * not the diagnostic's own span (a key moved one level down replaces its whole entry). Editors apply it as a quick
 * fix ({@code flux lsp}); {@code validate --format json} lists it; the message says it in words.
 *
 * @param replacement what to write, as it goes in the file (an id, a key, a class name, a YAML fragment)
 * @param span        what it replaces; empty for the diagnostic's span (a quoted scalar's quotes are kept)
 */
public record Suggestion(String replacement, Optional<Span> span) {

    public Suggestion {
        Objects.requireNonNull(replacement);
        Objects.requireNonNull(span);
    }

    /** Replaces the diagnostic's own text. */
    public static Suggestion of(String replacement) {
        return new Suggestion(replacement, Optional.empty());
    }

    /** Replaces the text at {@code span}. */
    public static Suggestion replacing(Span span, String replacement) {
        return new Suggestion(replacement, Optional.of(span));
    }

    /** The span it replaces, given the diagnostic's. */
    public Span spanOr(Span diagnostic) {
        return span.orElse(diagnostic);
    }
}
