package dev.fluxext.resolve;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Span;
import dev.fluxext.read.ReadBudget;
import dev.fluxext.read.Placeholders;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import dev.fluxext.read.YamlScalars;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.BiFunction;

/**
 * Replaces {@code ${key}} (from the {@code --filter} properties), {@code ${ENV-NAME}} (from the environment, with
 * {@code --env-filter}) and {@code ${key[N]}} (element N of a property written {@code a, b} or {@code ["a", "b"]}) in scalar values and
 * map keys. Every placeholder of a scalar is replaced. Keys stay text.
 *
 * <p>Typing: a plain (unquoted) scalar is typed again from its substituted text exactly as YAML would type that
 * text written there, so {@code parallelism: ${workers}} with {@code workers=4} is the number 4, and
 * {@code debug: ${debug}} with {@code debug=true} the boolean true, and a value that reads {@code [a, b]} or
 * {@code {k: v}} becomes a list or map. A quoted scalar stays a string: {@code id: "${n}"} is the string "4". This
 * matches Flux, which substitutes the text before parsing.
 */
public final class Substitution {

    private static final String ENV_PREFIX = "ENV-";

    private final Properties properties;
    private final boolean haveProperties;
    private final boolean envFilter;
    private final Map<String, String> environment;
    private final ReadBudget budget;
    /** Set after a value grew beyond the limits: reported once, the rest is left as written. */
    private boolean overLimit;
    /** Each list property is parsed once, however often a value (or an alias to it) indexes it. */
    private final Map<String, List<String>> listElements = new HashMap<>();

    /**
     * @param properties the {@code --filter} properties, or null when none was given
     * @param envFilter  whether {@code --env-filter} was given
     * @param budget     the topology's text budget: a placeholder repeated in a value, or in a value repeated through
     *                   aliases, multiplies the text the properties hold
     */
    public Substitution(Properties properties, boolean envFilter, Map<String, String> environment,
                        ReadBudget budget) {
        this.properties = properties == null ? new Properties() : properties;
        this.haveProperties = properties != null;
        this.envFilter = envFilter;
        this.environment = environment;
        this.budget = budget;
    }

    public YNode apply(YNode node, Diagnostics diagnostics) {
        if (overLimit) {
            return node;
        }
        if (node instanceof YNode.Scalar s) {
            return s.value() instanceof String text && text.contains("${") ? substitute(s, diagnostics) : s;
        }
        if (node instanceof YNode.Seq seq) {
            List<YNode> items = new ArrayList<>(seq.items().size());
            seq.items().forEach(i -> items.add(apply(i, diagnostics)));
            return new YNode.Seq(items, seq.span());
        }
        YNode.Map map = (YNode.Map) node;
        List<YNode.Entry> entries = new ArrayList<>(map.entries().size());
        Map<String, YNode.Entry> seen = new HashMap<>();
        for (YNode.Entry e : map.entries()) {
            String key = e.key();
            if (key.contains("${")) {
                key = text(e.key(), (i, n) -> e.keySpan(), e.keySpan(), diagnostics).orElse(e.key());
                hide(e.keySpan(), key, e.key(), diagnostics);
            }
            YNode.Entry first = seen.putIfAbsent(key, e);
            if (first != null) {
                // The reader refused keys equal as written; these became equal through substitution. Neither is
                // silently dropped: the second is reported (pointing at the first) and, as the reader does, ignored.
                // Neither key's value is named: it is substituted text (the placeholders and the line tell which).
                diagnostics.addRecoverable(Diagnostic.error(Code.DUPLICATE_KEY, e.keySpan(), "key '" + e.key()
                        + "' equals the key at line " + first.keySpan().start().line() + " once placeholders are "
                        + "substituted; keys of a map must differ (this one is ignored)")
                        .withRelated(first.keySpan(), "the key it equals"));
                continue;
            }
            entries.add(new YNode.Entry(key, e.keySpan(), apply(e.value(), diagnostics)));
        }
        return new YNode.Map(entries, map.span());
    }

    /**
     * Records substituted text so that no message prints it ({@link dev.fluxext.diag.Redactions}): from the
     * environment when the text as written reads a variable.
     */
    private static void hide(String substituted, String writtenAs, Diagnostics diagnostics) {
        diagnostics.redactions().add(substituted, writtenAs, fromEnvironment(writtenAs));
    }

    /** As {@link #hide(String, String, Diagnostics)} for a whole scalar or key, which messages about it may name. */
    private static void hide(Span at, String substituted, String writtenAs, Diagnostics diagnostics) {
        diagnostics.redactions().addAt(at, substituted, writtenAs, fromEnvironment(writtenAs));
    }

    private static boolean fromEnvironment(String writtenAs) {
        return writtenAs.contains("${" + ENV_PREFIX);
    }

    private YNode substitute(YNode.Scalar s, Diagnostics diagnostics) {
        String text = (String) s.value();
        // Each placeholder is reported at its own text when the scalar's text maps onto the line.
        Optional<String> substituted = text(text, s::spanOf, s.span(), diagnostics);
        if (substituted.isEmpty()) {
            return s.asUnresolved(); // reported
        }
        if (substituted.get().equals(text)) {
            return s;
        }
        String result = substituted.get();
        hide(s.span(), result, text, diagnostics);
        if (s.plain() && (result.startsWith("[") || result.startsWith("{"))) {
            return flowCollection(result, s, diagnostics);
        }
        Object value = s.plain() ? YamlScalars.typeAsYaml(result) : result;
        hide(s.span(), String.valueOf(value), text, diagnostics); // as a message prints a number typed from it
        return new YNode.Scalar(value, result, s.plain(), s.span());
    }

    /**
     * A plain scalar that became {@code [a, b]} or {@code {k: v}}: a list or map, as Flux (which substitutes the text
     * before parsing) makes it. Read with the same safe reader; every node is placed at the scalar.
     */
    private YNode flowCollection(String text, YNode.Scalar s, Diagnostics diagnostics) {
        Diagnostics local = new Diagnostics();
        // On the topology's budget: a substituted flow list may hold aliases of its own.
        Optional<YNode> parsed = new YamlReader(budget).readString(text, s.position().file(), local);
        if (parsed.isEmpty() || local.hasErrors()) {
            // The reader's message may quote the value; the whole value and each placeholder's are hidden in it as in
            // any message, a piece of one (a parser's excerpt) is not.
            String why = local.all().isEmpty() ? "" : ": " + local.all().get(0).message();
            diagnostics.error(Code.PLACEHOLDER, s.span(), "'" + s.value() + "' is, once substituted, not a valid YAML "
                    + "list or map" + why + " (quote the value to keep it as text)");
            return s;
        }
        hideParts(parsed.get(), s.span(), (String) s.value(), diagnostics);
        return at(parsed.get(), s.span());
    }

    /** Each key and value of a substituted list or map is shown as the scalar it came from. */
    private static void hideParts(YNode node, Span at, String writtenAs, Diagnostics diagnostics) {
        if (node instanceof YNode.Scalar sc) {
            hide(at, sc.text(), writtenAs, diagnostics);
            hide(at, String.valueOf(sc.value()), writtenAs, diagnostics);
        } else if (node instanceof YNode.Seq seq) {
            seq.items().forEach(i -> hideParts(i, at, writtenAs, diagnostics));
        } else {
            ((YNode.Map) node).entries().forEach(e -> {
                hide(at, e.key(), writtenAs, diagnostics);
                hideParts(e.value(), at, writtenAs, diagnostics);
            });
        }
    }

    private static YNode at(YNode node, Span span) {
        if (node instanceof YNode.Scalar sc) {
            return new YNode.Scalar(sc.value(), sc.text(), sc.plain(), span);
        }
        if (node instanceof YNode.Seq seq) {
            return new YNode.Seq(seq.items().stream().map(i -> at(i, span)).toList(), span);
        }
        return new YNode.Map(((YNode.Map) node).entries().stream()
                .map(e -> new YNode.Entry(e.key(), span, at(e.value(), span))).toList(), span);
    }

    /**
     * {@code text} with every placeholder replaced; empty (after reporting each) if any has no value, or (after
     * reporting it at {@code at}) if the result exceeds the limits. The result never grows past the limit in memory.
     */
    private Optional<String> text(String text, BiFunction<Integer, Integer, Span> spanOf, Span at,
                                  Diagnostics diagnostics) {
        StringBuilder out = new StringBuilder();
        boolean failed = false;
        int max = budget.limits().maxScalarChars();
        int written = 0;
        for (Placeholders.Match m = Placeholders.find(text, 0); m != null; m = Placeholders.find(text, m.end())) {
            String placeholder = m.text(text);
            String replacement = valueOf(m.key(), m.index(), placeholder, spanOf.apply(m.start(), placeholder.length()),
                    diagnostics);
            failed |= replacement == null;
            String piece = replacement == null ? placeholder : replacement;
            // Stop before building what would be refused.
            if ((long) out.length() + (m.start() - written) + piece.length() > max) {
                return overLimit(at, tooLong(max + "+", max), diagnostics);
            }
            out.append(text, written, m.start()).append(piece);
            written = m.end();
        }
        out.append(text, written, text.length());
        if (out.length() > max) {
            return overLimit(at, tooLong(String.valueOf(out.length()), max), diagnostics);
        }
        if (!budget.chargeChars(out.length())) {
            return overLimit(at, budget.tooMuchText(), diagnostics);
        }
        return failed ? Optional.empty() : Optional.of(out.toString());
    }

    private static String tooLong(String length, int max) {
        return "once its placeholders are substituted, this value has " + length + " characters; values are "
                + "limited to " + max + " (does a property repeat other placeholders, or is it used through aliases?)";
    }

    private Optional<String> overLimit(Span at, String message, Diagnostics diagnostics) {
        diagnostics.error(Code.PLACEHOLDER, at, message);
        overLimit = true;
        return Optional.empty();
    }

    /** The replacement text, or null after reporting why there is none. */
    private String valueOf(String key, String index, String placeholder, Span at, Diagnostics diagnostics) {
        String value;
        if (key.startsWith(ENV_PREFIX)) {
            String name = key.substring(ENV_PREFIX.length());
            if (!envFilter) {
                diagnostics.error(Code.PLACEHOLDER, at, "'" + placeholder + "' reads environment variable " + name
                        + ", which needs --env-filter");
                return null;
            }
            value = environment.get(name);
            if (value == null) {
                diagnostics.error(Code.PLACEHOLDER, at, "'" + placeholder + "': environment variable " + name + " is not set");
                return null;
            }
        } else {
            if (!haveProperties) {
                diagnostics.error(Code.PLACEHOLDER, at, "'" + placeholder + "' has no value: give a properties file "
                        + "with --filter that defines '" + key + "'");
                return null;
            }
            value = properties.getProperty(key);
            if (value == null) {
                diagnostics.error(Code.PLACEHOLDER, at, "'" + placeholder + "' has no value: '" + key
                        + "' is not defined in the --filter properties file (or use ${ENV-" + key
                        + "} with --env-filter)");
                return null;
            }
        }
        if (index == null) {
            hide(value, placeholder, diagnostics);
            return value;
        }
        List<String> elements = listElements.computeIfAbsent(value, Substitution::elements);
        int n;
        try {
            n = Integer.parseInt(index);
        } catch (NumberFormatException e) {
            n = Integer.MAX_VALUE;
        }
        if (n >= elements.size()) {
            diagnostics.error(Code.PLACEHOLDER, at, "'" + placeholder + "': '" + key + "' has " + elements.size()
                    + (elements.size() == 1 ? " element" : " elements") + " (index 0 to " + (elements.size() - 1)
                    + "), no element " + index);
            return null;
        }
        hide(elements.get(n), placeholder, diagnostics);
        return elements.get(n);
    }

    /**
     * A list property's elements: {@code ["a", "b"]} (a YAML flow list, as Storm's own test.properties writes it) or
     * {@code a, b}.
     */
    private static List<String> elements(String value) {
        String v = value.trim();
        if (v.startsWith("[") && v.endsWith("]")) {
            Optional<YNode> parsed = new YamlReader().readString(v, "", new Diagnostics());
            if (parsed.isPresent() && parsed.get() instanceof YNode.Seq seq
                    && seq.items().stream().allMatch(i -> i instanceof YNode.Scalar)) {
                return seq.items().stream().map(i -> ((YNode.Scalar) i).text()).toList();
            }
        }
        return Arrays.stream(value.split(",", -1)).map(String::trim).toList();
    }
}
