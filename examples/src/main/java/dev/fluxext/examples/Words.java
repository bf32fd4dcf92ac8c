package dev.fluxext.examples;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/** Cuts text into lower-case words: runs of letters, keeping apostrophes inside a word ("nation's"). */
public final class Words {

    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}']+");

    private Words() {
    }

    /** The words of {@code text} with at least {@code minLength} letters, in order. */
    public static List<String> of(String text, int minLength) {
        return Arrays.stream(NON_WORD.split(text.toLowerCase(Locale.ROOT)))
                .map(Words::trimApostrophes)
                .filter(w -> w.length() >= Math.max(1, minLength))
                .toList();
    }

    private static String trimApostrophes(String word) {
        int start = 0;
        int end = word.length();
        while (start < end && word.charAt(start) == '\'') {
            start++;
        }
        while (end > start && word.charAt(end - 1) == '\'') {
            end--;
        }
        return word.substring(start, end);
    }
}
