package dev.fluxext.resolve;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.SecretNames;
import dev.fluxext.model.Span;
import dev.fluxext.read.Placeholders;
import dev.fluxext.read.ReadBudget;
import dev.fluxext.read.SubstitutedText;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * Replaces {@code ${key}} (from the {@code --filter} properties), {@code ${ENV-NAME}} (from the environment, with
 * {@code --env-filter}) and {@code ${key[N]}} (element N of a property written {@code a, b} or {@code ["a", "b"]}) in
 * the text of a file, before its YAML is read, as Storm's Flux does: so a placeholder works wherever its value makes
 * valid YAML (in a flow list {@code [${n}, "${unit}"]}, in a key, inside quotes), and YAML types the result as it
 * types anything written there ({@code parallelism: ${workers}} with {@code workers=4} is the number 4, {@code "${n}"}
 * the string "4", a value reading {@code [a, b]} a list). Unlike Storm's Flux, which replaces only the last
 * placeholder of a line, every placeholder of a line is replaced.
 *
 * <p>The {@link SubstitutedText} keeps the way back to the file as written: the reader places every value at the text
 * the user wrote, a substituted value at its placeholder. A placeholder's problem (no value) is reported by the reader
 * when the placeholder is part of a value or key: one in a comment is never read, as in Flux. An unset environment
 * variable is a warning, and its placeholder stays as written, as Storm's Flux keeps it: the later stages judge that
 * text as the value (a {@code parallelism} cannot be {@code ${ENV-N}}, a constructor's string argument can).
 */
public final class Substitution {

    private static final String ENV_PREFIX = "ENV-";

    private final Properties properties;
    private final boolean haveProperties;
    private final boolean envFilter;
    private final Map<String, String> environment;
    private final ReadBudget budget;
    /** Property and variable names the user marked as secrets ({@code --secret}), besides those named like one. */
    private final Set<String> secretNames;
    /** Placeholders whose value is already recorded as substituted text (once each, however often used). */
    private final Set<String> hidden = new HashSet<>();
    /** Each list property is parsed once, however often a value (or an alias to it) indexes it. */
    private final Map<String, List<String>> listElements = new HashMap<>();

    /**
     * @param properties the {@code --filter} properties, or null when none was given
     * @param envFilter  whether {@code --env-filter} was given
     * @param budget     the topology's text budget: a placeholder repeated in a value, or in a value repeated through
     *                   aliases, multiplies the text the properties hold
     * @param secretNames properties and environment variables whose values are secrets although not named like one
     */
    public Substitution(Properties properties, boolean envFilter, Map<String, String> environment,
                        ReadBudget budget, Set<String> secretNames) {
        this.properties = properties == null ? new Properties() : properties;
        this.haveProperties = properties != null;
        this.envFilter = envFilter;
        this.environment = environment;
        this.budget = budget;
        this.secretNames = Set.copyOf(secretNames);
    }

    /**
     * {@code written} with every placeholder on each line replaced; empty (after reporting it at the placeholder
     * that made it so) when the result would exceed the topology's limits.
     */
    public Optional<SubstitutedText> inText(String written, String label, Diagnostics diagnostics) {
        if (!written.contains("${")) {
            return Optional.of(SubstitutedText.asWritten(written));
        }
        List<Found> found = new ArrayList<>();
        StringBuilder out = new StringBuilder(written.length());
        int copied = 0;
        int lineStart = 0;
        while (lineStart < written.length()) {
            int lineEnd = lineEnd(written, lineStart);
            // Per line, as Storm's Flux does: a placeholder never spans lines. Linear per line (Placeholders.find).
            CharSequence line = written.subSequence(lineStart, lineEnd);
            for (Placeholders.Match m = Placeholders.find(line, 0); m != null; m = Placeholders.find(line, m.end())) {
                int from = lineStart + m.start();
                int to = lineStart + m.end();
                if (lineEnd - lineStart > budget.limits().maxLineChars()) {
                    // The reader refuses such a line as written: no substitution on it, and no work that grows with
                    // its length for each of its placeholders.
                    return Optional.of(SubstitutedText.asWritten(written));
                }
                String placeholder = written.substring(from, to);
                Lookup lookup = valueOf(m.key(), m.index(), placeholder);
                String piece = lookup.value() == null ? placeholder : lookup.value();
                out.append(written, copied, from);
                int at = out.length();
                // Stop before building what would be refused: the reader's limits apply to the substituted text.
                if ((long) at + piece.length() + (written.length() - to) > budget.limits().maxBytes()) {
                    diagnostics.error(Code.PLACEHOLDER, SubstitutedText.spanIn(written, label, from, to),
                            "once its placeholders are substituted, this file has more than "
                            + budget.limits().maxBytes() + " characters (does a property repeat other placeholders?)");
                    return Optional.empty();
                }
                out.append(piece);
                copied = to;
                boolean secret = isSecret(m.key());
                found.add(new Found(at, out.length(), from, to, placeholder, lookup, secret));
                if (lookup.value() != null && hidden.add(placeholder)) {
                    diagnostics.redactions().add(lookup.value(), placeholder, secret);
                }
            }
            lineStart = lineEnd;
        }
        out.append(written, copied, written.length());
        List<SubstitutedText.Replacement> replacements = found.stream().map(f -> new SubstitutedText.Replacement(
                f.at, f.end, f.from, f.to, f.placeholder, f.lookup.value(), f.secret, null))
                .toList();
        return Optional.of(SubstitutedText.withProblems(written, out.toString(), replacements, (i, span) -> {
            Lookup lookup = found.get(i).lookup;
            return lookup.problem() == null ? null : lookup.problem().apply(span.get());
        }, label));
    }

    private record Found(int at, int end, int from, int to, String placeholder, Lookup lookup, boolean secret) {
    }

    /** A placeholder's value, or (value null) what to report at its place, made once its span is known. */
    private record Lookup(String value, Function<Span, Diagnostic> problem) {
        static Lookup of(String value) {
            return new Lookup(value, null);
        }

        static Lookup error(String message) {
            return new Lookup(null, at -> Diagnostic.error(Code.PLACEHOLDER, at, message));
        }

        static Lookup warning(String message) {
            return new Lookup(null, at -> Diagnostic.warning(Code.PLACEHOLDER, at, message));
        }
    }

    /** Where the line starting at {@code start} ends, after its line break. */
    private static int lineEnd(String text, int start) {
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                return i + 1;
            }
            if (c == '\r') {
                return i + 1 < text.length() && text.charAt(i + 1) == '\n' ? i + 2 : i + 1;
            }
        }
        return text.length();
    }

    /**
     * Whether the placeholder's value is a secret, which messages and {@code show} never print
     * ({@link dev.fluxext.diag.Redactions}): any environment variable's, and a property's named like one or marked.
     */
    private boolean isSecret(String key) {
        return key.startsWith(ENV_PREFIX) || SecretNames.looksSecret(key) || secretNames.contains(key);
    }

    /** The placeholder's value, or why it has none. */
    private Lookup valueOf(String key, String index, String placeholder) {
        String value;
        if (key.startsWith(ENV_PREFIX)) {
            String name = key.substring(ENV_PREFIX.length());
            if (!envFilter) {
                return Lookup.error("'" + placeholder + "' reads environment variable " + name
                        + ", which needs --env-filter");
            }
            value = environment.get(name);
            if (value == null) {
                // As Storm's Flux: the text stays as written and reaches the component; where it cannot be the value
                // (a number, a class name), the later stages say so.
                return Lookup.warning("'" + placeholder + "': environment variable " + name + " is not set, so the "
                        + "text '" + placeholder + "' stays as written (as Storm's Flux keeps it); set " + name
                        + " where the topology is submitted");
            }
        } else {
            if (!haveProperties) {
                return Lookup.error("'" + placeholder + "' has no value: give a properties file with --filter that "
                        + "defines '" + key + "'");
            }
            value = properties.getProperty(key);
            if (value == null) {
                return Lookup.error("'" + placeholder + "' has no value: '" + key + "' is not defined in the --filter "
                        + "properties file (or use ${ENV-" + key + "} with --env-filter)");
            }
        }
        if (index == null) {
            return Lookup.of(value);
        }
        List<String> elements = listElements.computeIfAbsent(value, Substitution::elements);
        int n;
        try {
            n = Integer.parseInt(index);
        } catch (NumberFormatException e) {
            n = Integer.MAX_VALUE;
        }
        if (n >= elements.size()) {
            return Lookup.error("'" + placeholder + "': '" + key + "' has " + elements.size()
                    + (elements.size() == 1 ? " element" : " elements") + " (index 0 to " + (elements.size() - 1)
                    + "), no element " + index);
        }
        return Lookup.of(elements.get(n));
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
