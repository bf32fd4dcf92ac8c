package dev.fluxext.read;

/**
 * What one topology may still consume of the {@link ReadLimits} that span several files or stages: characters of
 * text once aliases are expanded and placeholders substituted, and included files. One per load; not thread-safe.
 */
public final class ReadBudget {

    private final ReadLimits limits;
    private long chars;
    private int includes;

    public ReadBudget(ReadLimits limits) {
        this.limits = limits;
    }

    public ReadLimits limits() {
        return limits;
    }

    /** Counts {@code n} more characters of text; false once the topology has more than allowed. */
    public boolean chargeChars(long n) {
        chars += n;
        return chars <= limits.maxExpandedChars();
    }

    /** Counts one more included file; false once the topology includes more than allowed. */
    public boolean chargeInclude() {
        return ++includes <= limits.maxIncludes();
    }

    /** The message for an exhausted text budget, the same wherever it runs out. */
    public String tooMuchText() {
        return "the topology holds more than " + limits.maxExpandedChars() + " characters of text once aliases are "
                + "expanded, files included and placeholders substituted; aliases, includes and ${...} may not be "
                + "used to build huge documents";
    }
}
