package dev.fluxext.diag;

import dev.fluxext.model.Position;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Diagnostics as plain maps and lists for a JSON writer: what {@code validate --format json} prints. Lines and
 * columns are 1-based; {@code end} excludes its column; a problem of a command-line argument has line 0.
 */
public final class DiagnosticsJson {

    private DiagnosticsJson() {
    }

    public static Map<String, Object> document(String file, boolean valid, List<Diagnostic> diagnostics) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("file", file);
        out.put("valid", valid);
        out.put("errors", diagnostics.stream().filter(Diagnostic::isError).count());
        out.put("warnings", diagnostics.stream().filter(d -> !d.isError()).count());
        out.put("diagnostics", diagnostics.stream().map(DiagnosticsJson::diagnostic).toList());
        return out;
    }

    static Map<String, Object> diagnostic(Diagnostic d) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("code", d.code().id());
        out.put("severity", d.severity().name().toLowerCase(java.util.Locale.ROOT));
        out.put("message", d.message());
        out.put("file", d.position().file());
        out.put("start", point(d.position().line(), d.position().column()));
        out.put("end", point(d.span().endLine(), d.span().endColumn()));
        out.put("related", d.related().stream().map(r -> {
            Map<String, Object> related = new LinkedHashMap<>();
            related.put("message", r.message());
            related.put("file", r.position().file());
            related.put("start", point(r.position()));
            related.put("end", point(r.span().endLine(), r.span().endColumn()));
            return related;
        }).toList());
        if (!d.suggestions().isEmpty()) { // added in 0.1: older readers ignore it
            out.put("suggestions", d.suggestions().stream().map(s -> {
                Map<String, Object> suggestion = new LinkedHashMap<>();
                suggestion.put("replacement", s.replacement());
                var span = s.spanOr(d.span());
                suggestion.put("start", point(span.start()));
                suggestion.put("end", point(span.endLine(), span.endColumn()));
                return suggestion;
            }).toList());
        }
        return out;
    }

    private static Map<String, Object> point(Position p) {
        return point(p.line(), p.column());
    }

    private static Map<String, Object> point(int line, int column) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("line", line);
        out.put("column", column);
        return out;
    }
}
