package dev.fluxext.lsp;

import dev.fluxext.lang.Language;
import dev.fluxext.lsp.ComponentIds.Occurrence;
import dev.fluxext.lsp.ComponentIds.Section;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Completion while typing, when the text is often not yet YAML: the line up to the cursor says what is being written
 * (a value of {@code from:}, {@code to:} or {@code ref:}, a class name after {@code className:}, or a key), and the indentation above it which map the key
 * belongs to. The ids offered are those the file declares (read from its last readable text).
 */
final class Completions {

    private static final Pattern CLASS_VALUE = Pattern.compile("^\\s*(?:-\\s+)?className\\s*:\\s*[\"']?([\\w.$]*)$");
    /** At most this many class names a completion (the editor asks again as the name gets longer). */
    static final int MAX_CLASSES = 100;
    private static final Pattern ID_VALUE = Pattern.compile("^\\s*(?:-\\s+)?(from|to|ref)\\s*:\\s*[\"']?[\\w.-]*$");
    private static final Pattern REFLIST_ITEM = Pattern.compile("reflist\\s*:\\s*\\[[^\\]]*$");
    private static final Pattern KEY = Pattern.compile("^(\\s*)(-\\s+)?[\\w.]*$");
    private static final Pattern PARENT = Pattern.compile("^(\\s*)(-\\s+)?([\\w.]+)\\s*:\\s*(#.*)?$");
    private static final Pattern SIBLING = Pattern.compile("^(\\s*)(-\\s+)?[\\w.]+\\s*:.*$");

    private Completions() {
    }

    static List<CompletionItem> at(String text, Position position, Supplier<ComponentIds> ids) {
        return at(text, position, ids, null).getItems();
    }

    /**
     * What to offer at {@code position}; {@code classes} (null: none) completes {@code className:} values. Incomplete
     * when the class listing is not read yet or more classes match than are offered.
     */
    static CompletionList at(String text, Position position, Supplier<ComponentIds> ids, ClassIndex classes) {
        String prefix = Texts.linePrefix(text, position);
        Matcher classValue = CLASS_VALUE.matcher(prefix);
        if (classValue.matches()) {
            if (classes == null) {
                return new CompletionList(false, List.of());
            }
            boolean ready = classes.ready() || classes.await(1_000);
            String typed = classValue.group(1);
            List<String> names = classes.matching(typed, MAX_CLASSES);
            Range replaced = new Range(new Position(position.getLine(), position.getCharacter() - typed.length()),
                position);
            List<CompletionItem> items = names.stream().map(name -> {
                CompletionItem item = new CompletionItem(name.substring(name.lastIndexOf('.') + 1));
                item.setKind(CompletionItemKind.Class);
                item.setDetail(name);
                item.setFilterText(typed.contains(".") ? name : item.getLabel());
                item.setSortText(name);
                item.setTextEdit(Either.forLeft(new TextEdit(replaced, name)));
                return item;
            }).toList();
            return new CompletionList(!ready || names.size() >= MAX_CLASSES, items);
        }
        return new CompletionList(false, others(text, position, prefix, ids));
    }

    private static List<CompletionItem> others(String text, Position position, String prefix,
                                               Supplier<ComponentIds> ids) {
        Matcher idValue = ID_VALUE.matcher(prefix);
        if (idValue.matches()) {
            return ids(ids.get(), switch (idValue.group(1)) {
                case "to" -> Set.of(Section.bolts);
                case "from" -> Set.of(Section.spouts, Section.bolts);
                default -> Set.of(Section.components);
            });
        }
        if (REFLIST_ITEM.matcher(prefix).find()) {
            return ids(ids.get(), Set.of(Section.components));
        }
        Matcher key = KEY.matcher(prefix);
        if (key.matches()) {
            int indent = key.group(1).length() + (key.group(2) == null ? 0 : key.group(2).length());
            return KeyDocs.element(parents(text, position.getLine(), indent)).map(Completions::keys).orElse(List.of());
        }
        return List.of();
    }

    private static List<CompletionItem> ids(ComponentIds ids, Set<Section> sections) {
        Set<String> seen = new LinkedHashSet<>();
        List<CompletionItem> items = new ArrayList<>();
        for (Occurrence o : ids.declarations()) {
            Section section = o.section().orElseThrow();
            if (sections.contains(section) && seen.add(o.id())) {
                CompletionItem item = new CompletionItem(o.id());
                item.setKind(CompletionItemKind.Reference);
                item.setDetail(section.name().substring(0, section.name().length() - 1) + ", line " + o.span().start().line());
                items.add(item);
            }
        }
        return items;
    }

    private static List<CompletionItem> keys(Language.Element element) {
        return element.keys().stream().map(k -> {
            CompletionItem item = new CompletionItem(k.name());
            item.setKind(CompletionItemKind.Property);
            item.setDetail(k.typeText() + (k.required() ? ", required" : ""));
            item.setDocumentation(new MarkupContent(MarkupKind.MARKDOWN, KeyDocs.markdown(k)));
            item.setInsertText(k.name() + ": ");
            return item;
        }).toList();
    }

    /**
     * The keys of the maps that hold a key written at {@code indent} on {@code line}, outermost first: each line
     * above that ends in {@code key:} at a smaller indentation than the last one found.
     */
    private static List<String> parents(String text, int line, int indent) {
        String[] lines = text.split("\n", -1);
        List<String> keys = new ArrayList<>();
        int limit = indent;
        for (int i = Math.min(line, lines.length) - 1; i >= 0 && limit > 0; i--) {
            Matcher parent = PARENT.matcher(lines[i]);
            Matcher sibling = SIBLING.matcher(lines[i]);
            if (parent.matches() && parent.group(1).length() < limit) {
                keys.add(0, parent.group(3));
                limit = parent.group(1).length();
            } else if (sibling.matches() && sibling.group(1).length() < limit && sibling.group(2) != null) {
                // "- id: x" opens a list item: the item's keys line up with "id"; the list's key is further up.
                limit = sibling.group(1).length() + 1;
            }
        }
        return keys;
    }
}
