package dev.fluxext.read;

/** YAML 1.1 scalar typing for text produced after reading ({@code ${...}} substitution results). */
public final class YamlScalars {

    private static final ThreadLocal<ScalarTyper> TYPER = ThreadLocal.withInitial(ScalarTyper::new);

    private YamlScalars() {
    }

    /**
     * The value YAML gives {@code text} written as a plain scalar: {@code "4"} → 4, {@code "true"} → true,
     * {@code "~"} → null, {@code "1.5"} → 1.5, anything else the string itself.
     */
    public static Object typeAsYaml(String text) {
        return TYPER.get().retype(text);
    }
}
