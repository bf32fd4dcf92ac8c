package dev.fluxext.read;

import dev.fluxext.model.Value;

/**
 * {@code ${key}} and {@code ${key[N]}} placeholders: substituted in the text by the resolve stage; the reader marks a
 * scalar holding one that has no value ({@link YNode.Scalar#unresolved()}, reported as an error) so that later stages
 * skip it instead of reporting it again.
 * The model keeps no such mark: after other errors, the build stage's checks skip values with placeholder text.
 */
public final class Placeholders {

    /**
     * One placeholder in a text: {@code ${key}} or {@code ${key[index]}}, from {@code start} to {@code end}
     * (exclusive). The key is any text without {@code }}, {@code [} or {@code ]}; the index is digits.
     *
     * @param index the list index as written, or null
     */
    public record Match(int start, int end, String key, String index) {

        /** The placeholder as written, e.g. {@code ${ENV-HOME}}. */
        public String text(String in) {
            return in.substring(start, end);
        }
    }

    private Placeholders() {
    }

    /** A scalar holding a placeholder that substitution could not fill (and reported). */
    public static boolean unresolved(YNode node) {
        return node instanceof YNode.Scalar s && s.unresolved();
    }

    /** A value of the model holding a placeholder anywhere (a list's items too). */
    public static boolean in(Value value) {
        if (value instanceof Value.ListValue list) {
            return list.items().stream().anyMatch(Placeholders::in);
        }
        if (value instanceof Value.MapValue map) {
            return map.entries().values().stream().anyMatch(Placeholders::in);
        }
        return value instanceof Value.Scalar s && s.value() instanceof String text && in(text);
    }

    /** Text the model took from a value (a class name, ...) holding a placeholder. */
    public static boolean in(String text) {
        return find(text, 0) != null;
    }

    /**
     * The first placeholder at or after {@code from}, or null; the next one is found from the {@link Match#end()}
     * of this one, so finding all of them is linear too. Each character is looked at a bounded number of times,
     * however many "${" are never closed: a "${" whose key runs into a character that ends it badly (or the end)
     * fails at that same character for every "${" inside its key, so the search goes on after it. A regular
     * expression tried every "${" again to the end, quadratic in the text (a 60 KB value of unclosed "${a" took
     * 24 s). A {@link CharSequence}, so that a test can count the characters looked at.
     */
    public static Match find(CharSequence text, int from) {
        int start = indexOfOpening(text, from);
        while (start >= 0) {
            int keyEnd = start + 2;
            while (keyEnd < text.length() && "}[]".indexOf(text.charAt(keyEnd)) < 0) {
                keyEnd++;
            }
            if (keyEnd > start + 2 && keyEnd < text.length()) {
                if (text.charAt(keyEnd) == '}') {
                    return new Match(start, keyEnd + 1, text.subSequence(start + 2, keyEnd).toString(), null);
                }
                if (text.charAt(keyEnd) == '[') {
                    int digitsEnd = keyEnd + 1;
                    while (digitsEnd < text.length() && text.charAt(digitsEnd) >= '0' && text.charAt(digitsEnd) <= '9') {
                        digitsEnd++;
                    }
                    if (digitsEnd > keyEnd + 1 && digitsEnd + 1 < text.length() && text.charAt(digitsEnd) == ']'
                            && text.charAt(digitsEnd + 1) == '}') {
                        return new Match(start, digitsEnd + 2, text.subSequence(start + 2, keyEnd).toString(),
                                text.subSequence(keyEnd + 1, digitsEnd).toString());
                    }
                }
            }
            // Every ${ between start and keyEnd would stop at keyEnd too, and fail the same way.
            start = indexOfOpening(text, Math.max(keyEnd, start + 1));
        }
        return null;
    }

    /** Where the next "${" starts, or -1. */
    private static int indexOfOpening(CharSequence text, int from) {
        for (int i = from; i + 1 < text.length(); i++) {
            if (text.charAt(i) == '$' && text.charAt(i + 1) == '{') {
                return i;
            }
        }
        return -1;
    }
}
