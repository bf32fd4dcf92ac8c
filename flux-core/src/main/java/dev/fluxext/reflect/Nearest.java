package dev.fluxext.reflect;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean": the closest of a few names by edit distance, if close enough to be a likely typo. */
public final class Nearest {

    private Nearest() {
    }

    /** The candidate closest to {@code name}, if within a third of its length (at least 2 edits allowed). */
    public static Optional<String> among(String name, Collection<String> candidates) {
        int limit = Math.max(2, name.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(name, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return bestDistance <= limit ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance, case-sensitive. */
    public static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
