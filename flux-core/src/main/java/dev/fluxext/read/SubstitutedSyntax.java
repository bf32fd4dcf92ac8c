package dev.fluxext.read;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * A syntax error in a text whose placeholders were substituted, told at the file as written: at the placeholder
 * whose value (or, without a value, whose text left as written) broke the line, in words that say so, since the
 * user sees the placeholder, not the text the YAML reader saw.
 */
final class SubstitutedSyntax {

    private final SubstitutedText source;
    private final String label;

    SubstitutedSyntax(SubstitutedText source, String label) {
        this.source = source;
        this.label = label;
    }

    /** The diagnostics for {@code syntax}, a reader's error placed in the substituted text. */
    List<Diagnostic> explain(Diagnostic syntax) {
        Span at = syntax.span();
        Position start = source.writtenAt(label, at.start().line() - 1, at.start().column() - 1, false);
        Position end = source.writtenAt(label, at.endLine() - 1, at.endColumn() - 1, true);
        Span written = new Span(start, Math.max(end.line(), start.line()),
                end.line() > start.line() || end.column() > start.column() ? end.column() : start.column() + 1);
        List<SubstitutedText.Replacement> onLine = source.replacements().stream()
                .filter(r -> source.writtenPosition(label, r.writtenFrom()).line() == start.line()).toList();
        List<Diagnostic> out = new ArrayList<>();
        if (onLine.isEmpty()) {
            out.add(new Diagnostic(syntax.code(), syntax.severity(), written, syntax.message(), syntax.related()));
            return out;
        }
        // The one the reader stumbled at or after, else the line's last: the reader notices a bad value at the
        // next token.
        SubstitutedText.Replacement blamed = onLine.get(onLine.size() - 1);
        for (SubstitutedText.Replacement r : onLine) {
            if (source.writtenPosition(label, r.writtenFrom()).column() >= start.column()) {
                blamed = r;
                break;
            }
        }
        for (SubstitutedText.Replacement r : onLine) {
            if (r.problem() != null) {
                out.add(r.problem());
            }
        }
        String what = blamed.value() == null
                ? "'" + blamed.placeholder() + "' has no value and stays as written, and so"
                : "once '" + blamed.placeholder() + "' is replaced by its value (in the text, before the YAML is read, "
                        + "as Storm's Flux replaces it),";
        out.add(Diagnostic.error(syntax.code(), source.writtenSpan(label, blamed), what + " line " + start.line()
                + " is not valid YAML: " + syntax.message() + " (quote the placeholder, e.g. \""
                + blamed.placeholder() + "\", to make its value a string, or change the value)")
                .withRelated(written, "where the YAML reader stopped"));
        return out;
    }
}
