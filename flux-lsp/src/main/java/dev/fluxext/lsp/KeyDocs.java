package dev.fluxext.lsp;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.lang.Language;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.util.List;
import java.util.Optional;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;

/**
 * What the one declaration of the language ({@link Language}) says about a key: which element a map is, from the
 * keys above it, and each key's meaning, type and default, for hover and completion.
 */
final class KeyDocs {

    private KeyDocs() {
    }

    /** The element of a map reached through {@code keys} from the top (list items follow their list's key). */
    static Optional<Language.Element> element(List<String> keys) {
        Optional<Language.Element> element = Optional.of(Language.TOP);
        for (String name : keys) {
            element = element.flatMap(e -> child(e, name));
        }
        return element;
    }

    /** The element that the value of {@code key} in {@code from} is (or holds a list of); empty for Storm config. */
    private static Optional<Language.Element> child(Language.Element from, String key) {
        String wanted = from.key(key).flatMap(k -> k.shape().definition())
            .map(d -> d.equals("bolt") ? "spout" : d).orElse("");
        return Language.ALL.stream().filter(e -> e.name().equals(wanted)).findFirst();
    }

    /** Markdown for a key: its title, meaning, type and default, and the example. */
    static String markdown(Language.Key key) {
        StringBuilder text = new StringBuilder("**").append(key.name()).append("** — ").append(key.title())
            .append("\n\n");
        if (!key.meaning().isEmpty()) {
            text.append(key.meaning()).append("\n\n");
        }
        text.append("Type: ").append(key.typeText()).append(" · Default: ").append(key.defaultText());
        if (!key.example().isEmpty()) {
            text.append("\n\n```yaml\n").append(key.example()).append("\n```");
        }
        return text.toString();
    }

    /** The documentation of the key at the loader's 1-based {@code line}:{@code column}, found in the reader's tree. */
    static Optional<Hover> hover(String text, int line, int column) {
        Optional<YNode> document = new YamlReader().readString(text, "hover", new Diagnostics());
        if (!(document.orElse(null) instanceof YNode.Map top)) {
            return Optional.empty();
        }
        return keyAt(top, Language.TOP, line, column)
            .map(key -> new Hover(new MarkupContent(MarkupKind.MARKDOWN, markdown(key))));
    }

    private static Optional<Language.Key> keyAt(YNode.Map map, Language.Element element, int line, int column) {
        for (YNode.Entry entry : map.entries()) {
            if (ComponentIds.contains(entry.keySpan(), line, column)) {
                return element.key(entry.key());
            }
            if (!ComponentIds.contains(entry.value().span(), line, column)) {
                continue;
            }
            Optional<Language.Element> inner = child(element, entry.key());
            if (inner.isEmpty()) {
                return Optional.empty();
            }
            if (entry.value() instanceof YNode.Map child) {
                return keyAt(child, inner.get(), line, column);
            }
            if (entry.value() instanceof YNode.Seq seq) {
                for (YNode item : seq.items()) {
                    if (item instanceof YNode.Map child && ComponentIds.contains(child.span(), line, column)) {
                        return keyAt(child, inner.get(), line, column);
                    }
                }
            }
            return Optional.empty();
        }
        return Optional.empty();
    }
}
