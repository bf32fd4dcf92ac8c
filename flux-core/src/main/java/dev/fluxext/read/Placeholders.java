package dev.fluxext.read;

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
        return node instanceof YNode.Scalar s && s.value() instanceof String text && PATTERN.matcher(text).find();
    }
}
