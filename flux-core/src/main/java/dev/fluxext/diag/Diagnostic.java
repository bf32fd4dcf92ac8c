package dev.fluxext.diag;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * One problem found in a topology file: its {@link Code kind}, severity, the text it is about and related places.
 * People read it as {@code FILE:LINE:COL: message} ({@link #format}); tools read the fields (see
 * {@code validate --format json}). {@link #suggestions()} are the fixes its message proposes ("did you mean ..."), as
 * data for tools: the editor's quick fixes apply them.
 */
public record Diagnostic(Code code, Severity severity, Span span, String message, List<Related> related,
                         List<Suggestion> suggestions) {

    public Diagnostic {
        Objects.requireNonNull(code);
        Objects.requireNonNull(severity);
        Objects.requireNonNull(span);
        Objects.requireNonNull(message);
        related = List.copyOf(related);
        suggestions = List.copyOf(suggestions);
    }

    public Diagnostic(Code code, Severity severity, Span span, String message, List<Related> related) {
        this(code, severity, span, message, related, List.of());
    }

    public static Diagnostic error(Code code, Span span, String message) {
        return new Diagnostic(code, Severity.ERROR, span, message, List.of());
    }

    public static Diagnostic error(Code code, Position position, String message) {
        return error(code, Span.at(position), message);
    }

    public static Diagnostic warning(Code code, Span span, String message) {
        return new Diagnostic(code, Severity.WARNING, span, message, List.of());
    }

    public static Diagnostic warning(Code code, Position position, String message) {
        return warning(code, Span.at(position), message);
    }

    /** This diagnostic also pointing at the text {@code at} ("first declared here"). */
    public Diagnostic withRelated(Span at, String what) {
        List<Related> more = new ArrayList<>(related);
        more.add(new Related(at, what));
        return new Diagnostic(code, severity, span, message, more, suggestions);
    }

    /** This diagnostic proposing {@code replacement} for its own text (nothing when empty). */
    public Diagnostic withSuggestion(java.util.Optional<String> replacement) {
        return replacement.map(r -> withSuggestions(List.of(Suggestion.of(r)))).orElse(this);
    }

    /** This diagnostic also proposing {@code more}. */
    public Diagnostic withSuggestions(Collection<Suggestion> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<Suggestion> all = new ArrayList<>(suggestions);
        all.addAll(more);
        return new Diagnostic(code, severity, span, message, related, all);
    }

    /** Where it starts: what the one-line form names. */
    public Position position() {
        return span.start();
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line form printed by the CLI; warnings say so, errors need no label. */
    public String format() {
        return position() + ": " + (severity == Severity.WARNING ? "warning: " : "") + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
