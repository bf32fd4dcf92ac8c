package dev.fluxext.lsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * Quick fixes from the loader's suggestions: a message ending in "did you mean 'X'?" (a key, an id, a config key) or
 * "did you mean com.example.X?" (a class) is about the text at its range, and the fix writes X there, inside the
 * quotes when the text is quoted.
 */
final class QuickFixes {

    private static final Pattern DID_YOU_MEAN = Pattern.compile("did you mean '([^']+)'\\?|did you mean ([\\w.$]+)\\?");

    private QuickFixes() {
    }

    /** A fix for each of {@code diagnostics} (ours) that suggests a replacement, in the document {@code text}. */
    static List<CodeAction> of(String uri, String text, List<Diagnostic> diagnostics) {
        List<CodeAction> actions = new ArrayList<>();
        for (Diagnostic diagnostic : diagnostics) {
            if (!TopologyCheck.SOURCE.equals(diagnostic.getSource())) {
                continue;
            }
            suggestion(message(diagnostic)).ifPresent(replacement -> {
                CodeAction action = new CodeAction("Change to '" + replacement + "'");
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(diagnostic));
                action.setIsPreferred(true);
                Range range = Texts.unquoted(text, diagnostic.getRange());
                action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(new TextEdit(range, replacement)))));
                actions.add(action);
            });
        }
        return actions;
    }

    private static String message(Diagnostic diagnostic) {
        var message = diagnostic.getMessage();
        return message == null ? "" : message.isLeft() ? message.getLeft() : message.getRight().getValue();
    }

    static Optional<String> suggestion(String message) {
        Matcher m = DID_YOU_MEAN.matcher(message);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(m.group(1) != null ? m.group(1) : m.group(2));
    }
}
