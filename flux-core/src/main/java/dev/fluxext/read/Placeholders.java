package dev.fluxext.read;

import dev.fluxext.model.Value;
import java.util.regex.Pattern;

/**
 * {@code ${key}} and {@code ${key[N]}} placeholders: substituted by the resolve stage; one still in a value after it
 * has already been reported there, so later stages skip the value instead of reporting it again.
 */
public final class Placeholders {

    /** A placeholder; group 1 is the key, group 2 the list index if any. */
    public static final Pattern PATTERN = Pattern.compile("\\$\\{([^}\\[\\]]+)(?:\\[(\\d+)])?}");

    private Placeholders() {
    }

    /** A scalar string holding a placeholder. */
    public static boolean in(YNode node) {
        return node instanceof YNode.Scalar s && s.value() instanceof String text && in(text);
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
        return PATTERN.matcher(text).find();
    }
}
