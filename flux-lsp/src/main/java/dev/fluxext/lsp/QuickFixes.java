package dev.fluxext.lsp;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * Quick fixes from the checks' suggestions ({@link dev.fluxext.diag.Suggestion}: a key, an id, a Storm config key, a
 * class or method name, a key moved one level down), carried in each diagnostic's {@code data}: the fix writes the
 * replacement at its range, or at the diagnostic's range (inside the quotes when the text there is quoted). A client
 * that does not send {@code data} back gets the fixes of the diagnostics the server published with the same range,
 * code and message.
 */
final class QuickFixes {

    /** One suggestion: what to write, and where when not at the diagnostic's range. */
    record Fix(String replacement, Optional<Range> range) {
    }

    private QuickFixes() {
    }

    /** A diagnostic's {@code data}: {@code {"suggestions": [{"replacement": "...", "range": {...}}]}}. */
    static JsonObject data(List<Fix> fixes) {
        JsonArray list = new JsonArray();
        for (Fix fix : fixes) {
            JsonObject each = new JsonObject();
            each.addProperty("replacement", fix.replacement());
            fix.range().ifPresent(r -> each.add("range", range(r)));
            list.add(each);
        }
        JsonObject data = new JsonObject();
        data.add("suggestions", list);
        return data;
    }

    /** The fixes {@code data} carries (as the server wrote it, or as the client sent it back). */
    static List<Fix> fixes(Object data) {
        JsonElement json = data instanceof JsonElement e ? e
            : data instanceof String text ? parse(text) : null;
        List<Fix> fixes = new ArrayList<>();
        if (json != null && json.isJsonObject() && json.getAsJsonObject().get("suggestions") instanceof JsonArray list) {
            for (JsonElement item : list) {
                if (item.isJsonObject() && item.getAsJsonObject().has("replacement")) {
                    JsonObject o = item.getAsJsonObject();
                    fixes.add(new Fix(o.get("replacement").getAsString(),
                        o.get("range") instanceof JsonObject r ? Optional.of(range(r)) : Optional.empty()));
                }
            }
        }
        return fixes;
    }

    private static JsonElement parse(String text) {
        try {
            return JsonParser.parseString(text);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * A fix for each suggestion of {@code diagnostics} (ours), in the document {@code text}; {@code published} are the
     * diagnostics last published for it, where a diagnostic without {@code data} finds its suggestions.
     */
    static List<CodeAction> of(String uri, String text, List<Diagnostic> diagnostics, List<Diagnostic> published) {
        List<CodeAction> actions = new ArrayList<>();
        for (Diagnostic diagnostic : diagnostics) {
            if (!TopologyCheck.SOURCE.equals(diagnostic.getSource())) {
                continue;
            }
            List<Fix> fixes = fixes(diagnostic.getData());
            if (fixes.isEmpty() && diagnostic.getData() == null) {
                fixes = published.stream().filter(p -> same(p, diagnostic)).findFirst().map(p -> fixes(p.getData()))
                    .orElse(List.of());
            }
            boolean first = true;
            for (Fix fix : fixes) {
                CodeAction action = new CodeAction("Change to '" + fix.replacement() + "'");
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(diagnostic));
                action.setIsPreferred(first);
                first = false;
                Range range = fix.range().orElseGet(() -> Texts.unquoted(text, diagnostic.getRange()));
                action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(new TextEdit(range, fix.replacement())))));
                actions.add(action);
            }
        }
        return actions;
    }

    private static boolean same(Diagnostic a, Diagnostic b) {
        return Objects.equals(a.getRange(), b.getRange()) && Objects.equals(a.getMessage(), b.getMessage())
            && Objects.equals(a.getCode(), b.getCode());
    }

    private static JsonObject range(Range r) {
        JsonObject range = new JsonObject();
        range.add("start", position(r.getStart()));
        range.add("end", position(r.getEnd()));
        return range;
    }

    private static JsonObject position(Position p) {
        JsonObject position = new JsonObject();
        position.addProperty("line", p.getLine());
        position.addProperty("character", p.getCharacter());
        return position;
    }

    private static Range range(JsonObject r) {
        return new Range(position(r.getAsJsonObject("start")), position(r.getAsJsonObject("end")));
    }

    private static Position position(JsonObject p) {
        return new Position(p.get("line").getAsInt(), p.get("character").getAsInt());
    }
}
