package dev.fluxext.diag;

import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Text that {@code ${...}} substitution put into the topology, and the text as written ({@code ${ENV-TOKEN}},
 * {@code url-${host}}), so that what flux prints shows the placeholder, never the value: a value from
 * {@code --filter} or the environment may be a secret, and a hostile file checked in CI could otherwise have an
 * error message print any environment variable. Every diagnostic goes through {@link #hide} ({@link Diagnostics#all});
 * {@code show} masks values from the environment with {@link #mask}.
 *
 * <p>A value of at least {@value #ANYWHERE} characters is hidden wherever it occurs in a message (a Storm or
 * constructor message quoting it, a "did you mean"); a shorter one where the message quotes it whole ({@code '4'}),
 * or as a word in a message about the place it was substituted at ({@code must be positive, not -5}), as text like
 * {@code 4} or {@code true} also occurs in the words of other messages.
 */
public final class Redactions {

    /** Values this long are hidden anywhere in a message; shorter ones only when quoted whole. */
    public static final int ANYWHERE = 6;

    private record Entry(String value, String writtenAs, boolean fromEnvironment) {
    }

    private record Placed(Span span, String value, String writtenAs) {
    }

    private final Map<String, Entry> byValue = new HashMap<>();
    /** Substituted scalars by file and first line, for messages about their place. */
    private final Map<String, TreeMap<Integer, List<Placed>>> placed = new HashMap<>();
    /** The long values by their first {@value #ANYWHERE} characters: a message is scanned once, not once per value. */
    private final Map<String, List<Entry>> byPrefix = new HashMap<>();

    /**
     * Records substituted text.
     *
     * @param value           the text substitution produced (a placeholder's value, or a whole substituted scalar)
     * @param writtenAs       the text as written in the file
     * @param fromEnvironment whether an environment variable gave (part of) it
     */
    public void add(String value, String writtenAs, boolean fromEnvironment) {
        if (value.isBlank() || value.equals(writtenAs)) {
            return;
        }
        Entry previous = byValue.get(value);
        if (previous != null) {
            if (fromEnvironment && !previous.fromEnvironment()) { // the stricter wins
                byValue.put(value, new Entry(value, previous.writtenAs(), true));
                reindex(value);
            }
            return;
        }
        Entry entry = new Entry(value, writtenAs, fromEnvironment);
        byValue.put(value, entry);
        if (value.length() >= ANYWHERE) {
            byPrefix.computeIfAbsent(value.substring(0, ANYWHERE), k -> new ArrayList<>()).add(entry);
        }
    }

    /** Records a whole substituted scalar (or key) at its place, as {@link #add} does and for messages about it. */
    public void addAt(Span span, String value, String writtenAs, boolean fromEnvironment) {
        add(value, writtenAs, fromEnvironment);
        if (!value.isBlank() && !value.equals(writtenAs)) {
            placed.computeIfAbsent(span.start().file(), f -> new TreeMap<>())
                    .computeIfAbsent(span.start().line(), l -> new ArrayList<>()).add(new Placed(span, value, writtenAs));
        }
    }

    private void reindex(String value) {
        if (value.length() >= ANYWHERE) {
            List<Entry> list = byPrefix.get(value.substring(0, ANYWHERE));
            list.replaceAll(e -> e.value().equals(value) ? byValue.get(value) : e);
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
     * What {@code show} prints for a value: a string holding text substituted from the environment gets the
     * placeholder instead (a short one only when it is the whole string); other values as they are.
     */
    public Object mask(Object value) {
        if (value instanceof String text) {
            Entry exact = byValue.get(text);
            return exact != null && exact.fromEnvironment() ? exact.writtenAs() : hide(text, true);
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

    private String hide(String message, boolean environmentOnly) {
        if (byValue.isEmpty()) {
            return message;
        }
        StringBuilder out = new StringBuilder(message.length());
        int i = 0;
        while (i < message.length()) {
            Entry longest = null;
            if (message.length() - i >= ANYWHERE) {
                for (Entry e : byPrefix.getOrDefault(message.substring(i, i + ANYWHERE), List.of())) {
                    if ((!environmentOnly || e.fromEnvironment()) && message.startsWith(e.value(), i)
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
            if (!environmentOnly && c == '\'') {
                int close = message.indexOf('\'', i + 1);
                if (close > i + 1 && close - i - 1 < ANYWHERE) {
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
