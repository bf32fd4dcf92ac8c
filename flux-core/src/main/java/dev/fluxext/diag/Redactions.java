package dev.fluxext.diag;

import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Text that {@code ${...}} substitution put into the topology, and the text as written ({@code ${ENV-TOKEN}},
 * {@code url-${host}}), so that what flux prints names what the file says and never prints a secret. Every
 * diagnostic goes through {@link #hide} ({@link Diagnostics#all}); {@code show} masks secrets with {@link #mask}.
 *
 * <p>A <em>secret</em> is a value from the environment (any variable may hold one, and a hostile file checked in CI
 * could otherwise have an error message print it), or from a property whose name says it is one
 * ({@link SecretNames}) or that the user marked ({@code --secret}). A secret of at least {@value #ANYWHERE}
 * characters is hidden wherever it occurs in a message (a Storm or constructor message quoting it, a "did you
 * mean"). Any substituted value, secret or not, is shown as its placeholder where a message quotes it whole
 * ({@code '4'}), or as a word in a message about the place it was substituted at ({@code must be positive, not -5}),
 * but an ordinary value is never masked inside other text: a class name that happens to contain a property's value
 * is printed as written.
 */
public final class Redactions {

    /** Secrets this long are hidden anywhere in a message; shorter ones only when quoted whole. */
    public static final int ANYWHERE = 6;

    private record Entry(String value, String writtenAs, boolean secret) {
    }

    private record Placed(Span span, String value, String writtenAs) {
    }

    private final Map<String, Entry> byValue = new HashMap<>();
    /** Substituted scalars by file and first line, for messages about their place. */
    private final Map<String, TreeMap<Integer, List<Placed>>> placed = new HashMap<>();
    /** The long secrets by their first {@value #ANYWHERE} characters: a message is scanned once, not once per value. */
    private final Map<String, List<Entry>> byPrefix = new HashMap<>();

    /**
     * Records substituted text.
     *
     * @param value           the text substitution produced (a placeholder's value, or a whole substituted scalar)
     * @param writtenAs       the text as written in the file
     * @param secret    whether (part of) it is a secret: from the environment, or a property named like one
     */
    public void add(String value, String writtenAs, boolean secret) {
        if (value.isBlank() || value.equals(writtenAs)) {
            return;
        }
        Entry previous = byValue.get(value);
        if (previous != null) {
            if (secret && !previous.secret()) { // the stricter wins
                Entry entry = new Entry(value, previous.writtenAs(), true);
                byValue.put(value, entry);
                index(entry);
            }
            return;
        }
        Entry entry = new Entry(value, writtenAs, secret);
        byValue.put(value, entry);
        index(entry);
    }

    /** Records a whole substituted scalar (or key) at its place, as {@link #add} does and for messages about it. */
    public void addAt(Span span, String value, String writtenAs, boolean secret) {
        add(value, writtenAs, secret);
        if (!value.isBlank() && !value.equals(writtenAs)) {
            placed.computeIfAbsent(span.start().file(), f -> new TreeMap<>())
                    .computeIfAbsent(span.start().line(), l -> new ArrayList<>()).add(new Placed(span, value, writtenAs));
        }
    }

    private void index(Entry entry) {
        if (entry.secret() && entry.value().length() >= ANYWHERE) {
            byPrefix.computeIfAbsent(entry.value().substring(0, ANYWHERE), k -> new ArrayList<>()).add(entry);
        }
    }

    public boolean isEmpty() {
        return byValue.isEmpty();
    }

    /** {@code message} with every substituted value replaced by its text as written. */
    public String hide(String message) {
        return hide(message, false);
    }

    /** As {@link #hide(String)}, for a message about the text at {@code at}: values substituted there as words too. */
    public String hide(String message, Span at) {
        TreeMap<Integer, List<Placed>> lines = placed.get(at.start().file());
        String shown = message;
        if (lines != null) {
            for (List<Placed> onLine : lines.subMap(at.start().line(), true, at.endLine(), true).values()) {
                for (Placed p : onLine) {
                    if (overlaps(p.span(), at)) {
                        shown = replaceWords(shown, p.value(), p.writtenAs());
                    }
                }
            }
        }
        return hide(shown);
    }

    private static boolean overlaps(Span a, Span b) {
        return before(a.start().line(), a.start().column(), b.endLine(), b.endColumn())
                && before(b.start().line(), b.start().column(), a.endLine(), a.endColumn());
    }

    private static boolean before(int line, int column, int endLine, int endColumn) {
        return line < endLine || line == endLine && column <= endColumn;
    }

    /** {@code text} with each occurrence of {@code word} not inside a longer word replaced. */
    private static String replaceWords(String text, String word, String by) {
        StringBuilder out = new StringBuilder();
        int from = 0;
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length())) {
            int end = i + word.length();
            if ((i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))
                    && (end == text.length() || !Character.isLetterOrDigit(text.charAt(end)))) {
                out.append(text, from, i).append(by);
                from = end;
            }
        }
        return out.append(text, from, text.length()).toString();
    }

    /** A value printed on its own (a topology's name): its text as written if it was substituted, else hidden as a message. */
    public String value(String value) {
        Entry exact = byValue.get(value);
        return exact != null ? exact.writtenAs() : hide(value);
    }

    /**
     * What {@code show} prints for a value: a string holding a secret gets the placeholder instead (a short one only
     * when it is the whole string); other values as they are.
     */
    public Object mask(Object value) {
        if (value instanceof String text) {
            Entry exact = byValue.get(text);
            return exact != null && exact.secret() ? exact.writtenAs() : hide(text, true);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(this::mask).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new java.util.LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, mask(v)));
            return out;
        }
        return value;
    }

    private String hide(String message, boolean secretsOnly) {
        if (byValue.isEmpty()) {
            return message;
        }
        StringBuilder out = new StringBuilder(message.length());
        int i = 0;
        while (i < message.length()) {
            Entry longest = null;
            if (message.length() - i >= ANYWHERE) {
                for (Entry e : byPrefix.getOrDefault(message.substring(i, i + ANYWHERE), List.of())) {
                    if (message.startsWith(e.value(), i)
                            && (longest == null || e.value().length() > longest.value().length())) {
                        longest = e;
                    }
                }
            }
            if (longest != null) {
                out.append(longest.writtenAs());
                i += longest.value().length();
                continue;
            }
            char c = message.charAt(i);
            if (!secretsOnly && c == '\'') {
                int close = message.indexOf('\'', i + 1);
                if (close > i + 1) {
                    Entry quoted = byValue.get(message.substring(i + 1, close));
                    if (quoted != null) {
                        out.append('\'').append(quoted.writtenAs()).append('\'');
                        i = close + 1;
                        continue;
                    }
                }
            }
            out.append(c);
            i++;
        }
        return out.toString();
    }
}
