package dev.fluxext.diag;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean ...?": the closest known name to a misspelt one, if it is close enough to be a likely typo. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The candidate with the smallest edit distance (case-insensitive), if at most about a third of the word differs. */
    public static Optional<String> nearest(String word, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int d = distance(word.toLowerCase(), candidate.toLowerCase());
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        int allowed = Math.max(1, Math.max(word.length(), best == null ? 0 : best.length()) / 3);
        return best != null && bestDistance <= allowed ? Optional.of(best) : Optional.empty();
    }

    /** {@code "; did you mean 'x'?"} or the empty string. */
    public static String didYouMean(String word, Collection<String> candidates) {
        return didYouMean(nearest(word, candidates));
    }

    /** {@code "; did you mean 'x'?"} for a {@link #nearest} found, or the empty string. */
    public static String didYouMean(Optional<String> nearest) {
        return nearest.map(s -> "; did you mean '" + s + "'?").orElse("");
    }

    /** Edit distance counting a swap of two adjacent letters as one edit (optimal string alignment). */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
