package dev.fluxext.lang;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Suggestions;
import dev.fluxext.lang.Language.Element;
import dev.fluxext.lang.Language.Key;
import dev.fluxext.lang.Language.Rule;
import dev.fluxext.model.Located;
import dev.fluxext.read.Placeholders;
import dev.fluxext.read.YNode;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Checks one map of a topology file against its {@link Element} declaration, reporting each problem once at its
 * own place: unknown keys (suggesting the nearest), values of the wrong shape, numbers below their minimum, missing
 * required keys and broken rules between keys. What passes is handed out typed by {@link Checked}; a value that
 * failed is simply absent there, so no later stage reports it again.
 *
 * <p>Wrong numbers are recoverable (the key keeps its default, classes and config values are still checked);
 * everything else leaves the element undefined.
 */
public final class ElementCheck {

    private final Diagnostics diagnostics;

    public ElementCheck(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /**
     * Checks {@code map} as {@code element}; {@code what} names it in messages ("bolt 'counter'", "stream #2"), or
     * is empty for the top level.
     */
    public Checked check(YNode.Map map, Element element, String what) {
        String in = what.isEmpty() ? "at the top level" : "in " + what;
        Map<String, YNode> valid = new LinkedHashMap<>();
        Map<String, String> choices = new LinkedHashMap<>();
        List<YNode.Entry> entries = map.entries();
        YNode.Entry emptyBlock = null; // a map key left empty: unknown keys right after it are its children, out-dented
        for (int i = 0; i < entries.size(); i++) {
            YNode.Entry e = entries.get(i);
            Optional<Key> key = element.key(e.key());
            if (key.isEmpty()) {
                Optional<String> meant = emptyBlock != null ? Optional.empty() : meantKey(e.key(), element);
                diagnostics.addRecoverable(Diagnostic.error(Code.UNKNOWN_KEY, e.keySpan(), "unknown key '" + e.key()
                        + "' " + in + (emptyBlock != null ? underEmptyBlock(emptyBlock) : suggestion(e.key(), element, meant)))
                        .withSuggestion(meant));
                continue;
            }
            boolean childrenOutdented = isEmptyBlock(key.get(), e) && i + 1 < entries.size()
                    && element.key(entries.get(i + 1).key()).isEmpty();
            emptyBlock = childrenOutdented ? e : null;
            if (childrenOutdented) {
                diagnostics.error(Code.WRONG_TYPE, e.value().span(), new KeyName(e.key(), what)
                        + " is empty: the keys below it (from line " + entries.get(i + 1).keySpan().start().line()
                        + ") are not indented under it; indent them by two spaces");
            } else if (shapeFits(key.get(), e.value(), what, choices)) {
                valid.put(e.key(), e.value());
            }
        }
        for (String required : element.requiredKeys()) {
            if (map.get(required).isEmpty()) {
                diagnostics.error(Code.MISSING_KEY, map.span(), "missing '" + required + "' " + in);
            }
        }
        element.rules().forEach(rule -> rule(rule, element, map, valid, choices,
                what.isEmpty() ? "the topology" : what));
        return new Checked(map, valid, choices);
    }

    /** A key that takes a map, written with nothing after it ({@code compression:}). */
    private static boolean isEmptyBlock(Key key, YNode.Entry e) {
        return key.shape().kind() == Language.Kind.MAP && e.value() instanceof YNode.Scalar s && s.value() == null;
    }

    private static String underEmptyBlock(YNode.Entry block) {
        return "; is it meant to be under '" + block.key() + "' (line " + block.keySpan().start().line()
                + ")? Indent it by two spaces";
    }

    /** The key meant by a habitual other name (a grouping's {@code fields}), else the nearest spelling. */
    private static Optional<String> meantKey(String unknown, Element element) {
        return habitualName(unknown, element).map(Key::name).or(() -> Suggestions.nearest(unknown, element.keyNames()));
    }

    /** What the message says of {@code meant} ({@link #meantKey}): for a habitual other name, what the key holds. */
    private static String suggestion(String unknown, Element element, Optional<String> meant) {
        return habitualName(unknown, element)
                .map(k -> "; did you mean '" + k.name() + "'? (here '" + k.name() + "' holds the "
                        + k.title().toLowerCase(java.util.Locale.ROOT) + ")")
                .orElseGet(() -> Suggestions.didYouMean(meant));
    }

    /** The key of which {@code unknown} is a habitual other name. */
    private static Optional<Key> habitualName(String unknown, Element element) {
        return element.keys().stream().filter(k -> k.mistakenNames().contains(unknown)).findFirst();
    }

    // ---- shapes

    /** How a message names the key ("'parallelism' of bolt 'count'"): built only when a message is. */
    private record KeyName(String key, String what) {
        @Override
        public String toString() {
            return "'" + key + "'" + (what.isEmpty() ? "" : " of " + what);
        }
    }

    private boolean shapeFits(Key key, YNode value, String what, Map<String, String> choices) {
        KeyName name = new KeyName(key.name(), what);
        if (Placeholders.unresolved(value) && key.shape().kind() != Language.Kind.TEXT
                && key.shape().kind() != Language.Kind.LABEL && key.shape().kind() != Language.Kind.ANY) {
            return false; // an unresolved placeholder, reported by substitution
        }
        return switch (key.shape().kind()) {
            case TEXT -> text(value, name, false);
            case LABEL -> text(value, name, true);
            case WHOLE_NUMBER -> wholeNumber(key, value, name);
            case NUMBER -> number(key, value, name);
            case FLAG -> {
                boolean flag = value instanceof YNode.Scalar s && s.value() instanceof Boolean;
                if (!flag) {
                    diagnostics.error(Code.WRONG_TYPE, value.span(), name + " must be true or false, not "
                            + describe(value));
                }
                yield flag;
            }
            case CHOICE -> choice(key, value, name, choices);
            case LIST -> shaped(value instanceof YNode.Seq, value, name, "a list");
            case TEXT_LIST -> shaped(value instanceof YNode.Seq, value, name, "a list") && textItems((YNode.Seq) value);
            case MAP -> shaped(value instanceof YNode.Map, value, name, "a map", Language.notAMapFix(key));
            case STORM_VALUE, ANY -> true; // a Storm key's value: Storm's validator judges it, as in config:
        };
    }

    private boolean shaped(boolean fits, YNode value, KeyName name, String shape) {
        return shaped(fits, value, name, shape, "");
    }

    private boolean shaped(boolean fits, YNode value, KeyName name, String shape, String fix) {
        if (!fits) {
            diagnostics.error(Code.WRONG_TYPE, value.span(), name + " must be " + shape + ", not " + value.kindName()
                    + fix);
        }
        return fits;
    }

    private boolean text(YNode value, KeyName name, boolean emptyAllowed) {
        if (value instanceof YNode.Scalar s && s.value() != null && (emptyAllowed || !s.text().isBlank())) {
            return true;
        }
        diagnostics.error(Code.WRONG_TYPE, value.span(), name + " must be a" + (emptyAllowed ? "" : " non-empty")
                + " string, not " + (value instanceof YNode.Scalar s && s.value() instanceof String ? "empty"
                : value.kindName()));
        return false;
    }

    private boolean textItems(YNode.Seq seq) {
        boolean all = true;
        for (YNode item : seq.items()) {
            if (!(item instanceof YNode.Scalar s && s.value() != null)) {
                diagnostics.error(Code.WRONG_TYPE, item.span(), "a field name must be a string, not "
                        + item.kindName());
                all = false;
            }
        }
        return all;
    }

    private boolean wholeNumber(Key key, YNode value, KeyName name) {
        if (!(value instanceof YNode.Scalar s && s.value() instanceof Integer i)) {
            boolean tooBig = value instanceof YNode.Scalar s
                    && (s.value() instanceof Long || s.value() instanceof BigInteger);
            diagnostics.recoverableError(Code.WRONG_TYPE, value.span(), name + " must be a whole number"
                    + (tooBig ? " up to " + Integer.MAX_VALUE : "") + ", not " + describe(value));
            return false;
        }
        if (key.min().isPresent() && i < key.least()) {
            diagnostics.error(Code.OUT_OF_RANGE, value.span(), name + " must be at least " + (long) key.least()
                    + ", not " + i);
            return false;
        }
        return true;
    }

    private boolean number(Key key, YNode value, KeyName name) {
        if (!(value instanceof YNode.Scalar s && s.value() instanceof Number n)) {
            diagnostics.recoverableError(Code.WRONG_TYPE, value.span(), name + " must be a number, not "
                    + describe(value));
            return false;
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d) || key.min().isPresent() && d < key.least()) {
            diagnostics.error(Code.OUT_OF_RANGE, value.span(), name + " must be a finite number"
                    + (key.min().isPresent() ? ", " + (long) key.least() + " or more" : "") + ", not " + d);
            return false;
        }
        return true;
    }

    /**
     * A choice in any case. An unknown one is reported with the nearest, and that nearest is taken for the further
     * checks (so that a typo does not also make a stream "missing"; the model is not built after an error).
     */
    private boolean choice(Key key, YNode value, KeyName name, Map<String, String> choices) {
        if (!text(value, name, false)) {
            return false;
        }
        String written = ((YNode.Scalar) value).text();
        List<String> allowed = key.shape().choiceValues();
        String upper = written.toUpperCase(Locale.ROOT);
        // As the language spells it: groupings in upper case, the TLS engine in lower case.
        Optional<String> match = allowed.stream().filter(written::equalsIgnoreCase).findFirst();
        if (match.isPresent()) {
            choices.put(key.name(), match.get());
            return true;
        }
        Optional<String> nearest = Suggestions.nearest(upper, allowed);
        diagnostics.add(Diagnostic.error(Code.OUT_OF_RANGE, value.span(), "unknown "
                + key.title().toLowerCase(Locale.ROOT) + " '" + written + "'"
                + nearest.map(n -> "; did you mean '" + n + "'?").orElse("") + " (one of "
                + String.join(", ", new TreeSet<>(allowed)) + ")").withSuggestion(nearest));
        nearest.ifPresent(n -> choices.put(key.name(), n));
        return false;
    }

    private static String describe(YNode node) {
        if (node instanceof YNode.Scalar s && s.value() != null) {
            return s.value() instanceof String ? "'" + s.text() + "'" : s.text();
        }
        return node.kindName();
    }

    // ---- rules

    private void rule(Rule rule, Element element, YNode.Map map, Map<String, YNode> valid,
                      Map<String, String> choices, String what) {
        List<String> keys = rule.keys();
        String in = "in " + what;
        switch (rule.kind()) {
            case EXACTLY_ONE -> {
                long given = keys.stream().filter(k -> map.get(k).isPresent()).count();
                if (given != 1) {
                    diagnostics.error(Code.CONFLICTING_KEYS, map.span(), what + " needs exactly one of '"
                            + keys.get(0) + "' and '" + keys.get(1) + "', not " + (given == 0 ? "neither" : "both")
                            + ": " + rule.fix());
                    keys.forEach(valid::remove);
                }
            }
            case REQUIRES -> map.entry(keys.get(0)).filter(e -> map.get(keys.get(1)).isEmpty()).ifPresent(e ->
                    diagnostics.error(Code.CONFLICTING_KEYS, e.keySpan(), "'" + keys.get(0) + "' without '"
                            + keys.get(1) + "' " + in + ": " + rule.fix()));
            case EXCLUDES -> map.entry(keys.get(0)).ifPresent(first -> keys.subList(1, keys.size()).forEach(other ->
                    map.entry(other).ifPresent(e -> diagnostics.add(Diagnostic.error(Code.CONFLICTING_KEYS,
                            e.keySpan(), "'" + other + "' cannot be combined with '" + keys.get(0) + "' " + in + ": "
                                    + rule.fix()).withRelated(first.keySpan(), "'" + keys.get(0) + "' is here")))));
            case ONLY_FOR -> {
                String choice = choices.get(keys.get(1));
                if (choice == null) {
                    return; // no valid choice: already reported
                }
                String needed = rule.value().orElseThrow();
                Optional<YNode.Entry> entry = map.entry(keys.get(0));
                boolean given = entry.isPresent()
                        && !(entry.get().value() instanceof YNode.Seq s && s.items().isEmpty());
                if (choice.equals(needed) && !given) {
                    diagnostics.error(Code.GROUPING, entry.map(e -> e.value().span()).orElse(
                            map.span()), needed + " " + element.title() + " needs '"
                            + keys.get(0) + "'" + (entry.isPresent() ? " with at least one item" : "") + ": "
                            + rule.fix());
                } else if (!choice.equals(needed) && entry.isPresent()) {
                    diagnostics.error(Code.GROUPING, entry.get().keySpan(), "'" + keys.get(0) + "' only applies to "
                            + needed + " " + element.title() + ", not " + choice);
                }
            }
            default -> throw new AssertionError(rule.kind());
        }
    }

    /** The keys of one checked map whose values passed, typed. */
    public record Checked(YNode.Map source, Map<String, YNode> valid, Map<String, String> choices) {

        public Optional<YNode> get(String key) {
            return Optional.ofNullable(valid.get(key));
        }

        /** Whether the file gives the key at all (valid or not). */
        public boolean written(String key) {
            return source.get(key).isPresent();
        }

        public Optional<Located<String>> text(String key) {
            return get(key).map(n -> new Located<>(((YNode.Scalar) n).text(), n.span()));
        }

        public Optional<Located<Integer>> wholeNumber(String key) {
            return get(key).map(n -> new Located<>((Integer) ((YNode.Scalar) n).value(), n.span()));
        }

        public Optional<Located<Double>> number(String key) {
            return get(key).map(n -> new Located<>(((Number) ((YNode.Scalar) n).value()).doubleValue(),
                    n.span()));
        }

        public Optional<Boolean> flag(String key) {
            return get(key).map(n -> (Boolean) ((YNode.Scalar) n).value());
        }

        /** A choice in its declared case: the written one, or the nearest to an unknown one (already reported). */
        public Optional<Located<String>> choice(String key) {
            return Optional.ofNullable(choices.get(key)).map(c -> new Located<>(c, source.get(key).orElseThrow()
                    .span()));
        }

        public List<YNode> list(String key) {
            return get(key).map(n -> ((YNode.Seq) n).items()).orElse(List.of());
        }

        public Optional<YNode.Map> map(String key) {
            return get(key).map(YNode.Map.class::cast);
        }
    }
}
