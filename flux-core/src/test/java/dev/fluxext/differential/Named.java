package dev.fluxext.differential;

import java.util.function.Predicate;

/**
 * Every difference between Storm's Flux 2.8.3 and fluxext that the corpus shows, by name: deliberate ones (listed in
 * docs/yaml-reference.md, "Differences from Storm's Flux") and known bugs (to be fixed; when one is, its rows in the
 * expected tables change and its name goes). A name recognises its own findings; a finding no name recognises fails
 * the suite.
 */
enum Named {
    /** A file without spouts (a fragment, a config alone): Flux builds a topology that does nothing, Storm runs it. */
    NO_SPOUTS_REJECTED(Kind.DELIBERATE, "a topology without spouts is an error (FX206); Flux builds an empty topology",
            f -> f.fluxextError() != null && f.fluxextError().startsWith("FX206 ")),
    /**
     * A {@code ref} or {@code reflist} entry naming no component: Flux passes null (an argument "shouldn't be null",
     * a silent null in a list); fluxext reports it at the reference.
     */
    UNKNOWN_REFERENCE_REJECTED(Kind.DELIBERATE, "a reference to an unknown component is an error (Flux passes null)",
            f -> f.fluxextError() != null && f.fluxextError().startsWith("FX302 reference to unknown component"));

    enum Kind { DELIBERATE, KNOWN_BUG }

    /**
     * One thing that differs: a part of the built topologies ({@code diff}), an error fluxext reports for a file Storm
     * accepts ({@code fluxextError}, its code and message), or Storm's rejection of a file fluxext builds.
     */
    record Finding(Comparison.Diff diff, String fluxextError, String stormRejection) {
        static Finding of(Comparison.Diff diff) {
            return new Finding(diff, null, null);
        }

        static Finding fluxextRejects(String codeAndMessage) {
            return new Finding(null, codeAndMessage, null);
        }

        static Finding stormRejects(String rejection) {
            return new Finding(null, null, rejection);
        }

        boolean is(Comparison.Part part) {
            return diff != null && diff.part() == part;
        }

        @Override
        public String toString() {
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
