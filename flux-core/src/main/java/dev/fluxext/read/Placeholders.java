package dev.fluxext.read;

import dev.fluxext.model.Value;
import java.util.regex.Pattern;

/**
 * {@code ${key}} and {@code ${key[N]}} placeholders: substituted by the resolve stage, which marks a scalar it
 * could not fill ({@link YNode.Scalar#unresolved()}) so that later stages skip it instead of reporting it again.
 * The model keeps no such mark: after other errors, the build stage's checks skip values with placeholder text.
 */
public final class Placeholders {

    /** A placeholder; group 1 is the key, group 2 the list index if any. */
    public static final Pattern PATTERN = Pattern.compile("\\$\\{([^}\\[\\]]+)(?:\\[(\\d+)])?}");

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
        return PATTERN.matcher(text).find();
    }
}
