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
            f -> f.fluxextError() != null && f.fluxextError().startsWith("FX302 reference to unknown component")),
    /**
     * A stream from {@code __system} (tick tuples routed explicitly): Storm adds the system component before it
     * checks the topology, so the stream is valid; fluxext reports an unknown spout or bolt (issue 16).
     */
    SYSTEM_STREAM_REJECTED(Kind.KNOWN_BUG, "a stream from __system is an error (Storm accepts it)",
            f -> f.fluxextError() != null && f.fluxextError().startsWith("FX302 ")
                    && f.fluxextError().contains("'__system'")),
    /**
     * A config key with no value ({@code key:} and a comment): Flux passes null on and Storm accepts it; fluxext
     * rejects the file (issue 16). StormCrawler's crawler-default.yaml, included from its jar, has such keys.
     */
    NULL_VALUE_REJECTED(Kind.KNOWN_BUG, "a config key without a value is an error (Flux passes null on)",
            f -> f.fluxextError() != null && f.fluxextError().startsWith("FX403 ")
                    && f.fluxextError().contains("has no value")),
    /**
     * A bolt no stream reaches: Flux leaves it out of the topology; fluxext keeps it (and warns), so its executors
     * start and its prepare() runs. To be fixed (issue 16): then such files become IDENTICAL.
     */
    UNREACHED_BOLT_KEPT(Kind.KNOWN_BUG, "a bolt no stream reaches is submitted (Flux leaves it out)",
            f -> f.is(Comparison.Part.COMPONENT_ONLY_IN_FLUXEXT) && f.diff().fluxext().endsWith("inputs []"));

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
