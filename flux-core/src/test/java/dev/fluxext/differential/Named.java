package dev.fluxext.differential;

import java.util.function.Predicate;

/**
 * Every difference between Storm's Flux 2.8.3 and fluxext that the corpus shows, by name: deliberate ones (listed in
 * docs/flux-compatibility.md, "Differences from Storm's Flux") and known bugs (to be fixed; when one is, its rows in the
 * expected tables change and its name goes). A name recognises its own findings; a finding no name recognises fails
 * the suite.
 */
enum Named {
    /** A file without spouts (a fragment, a config alone): Flux builds a topology that does nothing, Storm runs it. */
    NO_SPOUTS_REJECTED(Kind.DELIBERATE, "a topology without spouts is an error (FX206); Flux builds an empty topology",
            f -> f.fluxextError() != null && (f.stormCause() == null ? f.fluxextError().startsWith("FX206 ")
                    // fluxext stops at the missing spouts where Flux stops at another problem of the fragment
                    : f.fluxextError().contains("FX206 "))),
    /**
     * A {@code ref} or {@code reflist} entry naming no component: Flux passes null (an argument "shouldn't be null",
     * a silent null in a list); fluxext reports it at the reference.
     */
    UNKNOWN_REFERENCE_REJECTED(Kind.DELIBERATE, "a reference to an unknown component is an error (Flux passes null)",
            f -> f.stormCause() == null && f.fluxextError() != null
                    && f.fluxextError().startsWith("FX302 reference to unknown component")),
    /**
     * Two placeholders on one line: Storm's Flux 2.8 replaces only the last and keeps the others as text (which then
     * reaches the component, or breaks the YAML of a flow list); fluxext replaces every one.
     */
    EVERY_PLACEHOLDER_OF_A_LINE(Kind.DELIBERATE, "every ${...} of a line is replaced; Storm's Flux replaces the last",
            f -> f.stormRejection() != null && f.stormRejection().contains("${")
                    && f.stormRejection().contains("ParserException: while parsing a flow sequence")
                    || f.diff() != null && f.diff().toString().contains("${")),
    /**
     * A placeholder with a '}' after it on its line ({@code {port: ${port}}}): Storm's Flux 2.8 takes the key up to
     * the line's last '}' ({@code port}}), finds no value and keeps the text, which is not valid YAML in a flow map;
     * fluxext reads the placeholder as written.
     */
    PLACEHOLDER_BEFORE_A_BRACE(Kind.DELIBERATE, "a ${...} before a '}' on its line is replaced; Storm's Flux reads "
            + "its key up to that '}' and keeps the text", f -> f.stormRejection() != null
            && f.stormRejection().contains("${") && f.stormRejection().contains("while parsing a flow mapping"));

    enum Kind { DELIBERATE, KNOWN_BUG }

    /**
     * One thing that differs: a part of the built topologies ({@code diff}), an error fluxext reports for a file Storm
     * accepts ({@code fluxextError}, its code and message), or Storm's rejection of a file fluxext builds.
     */
    record Finding(Comparison.Diff diff, String fluxextError, String stormRejection, Cause stormCause) {
        static Finding of(Comparison.Diff diff) {
            return new Finding(diff, null, null, null);
        }

        static Finding fluxextRejects(String codeAndMessage) {
            return new Finding(null, codeAndMessage, null, null);
        }

        static Finding stormRejects(String rejection) {
            return new Finding(null, null, rejection, null);
        }

        /** Both reject, for different reasons: Storm's {@code cause}, fluxext's errors (codes and messages). */
        static Finding otherReason(Cause cause, String rejection, String fluxextErrors) {
            return new Finding(null, fluxextErrors, rejection, cause);
        }

        boolean is(Comparison.Part part) {
            return diff != null && diff.part() == part;
        }

        @Override
        public String toString() {
            if (stormCause != null) {
                return "both reject, for different reasons: Storm " + stormCause + " (" + stormRejection
                        + "); fluxext: " + fluxextError;
            }
            return diff != null ? diff.toString() : fluxextError != null ? "fluxext rejects: " + fluxextError
                    : "Storm rejects, fluxext builds: " + stormRejection;
        }
    }

    final Kind kind;
    final String meaning;
    private final Predicate<Finding> recognises;

    Named(Kind kind, String meaning, Predicate<Finding> recognises) {
        this.kind = kind;
        this.meaning = meaning;
        this.recognises = recognises;
    }

    Named(Kind kind, String meaning) {
        this(kind, meaning, f -> false);
    }

    boolean recognises(Finding finding) {
        return recognises.test(finding);
    }
}
