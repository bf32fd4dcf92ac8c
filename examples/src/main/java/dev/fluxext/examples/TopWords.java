package dev.fluxext.examples;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The latest count seen for each word, and the most frequent ones. */
public final class TopWords {

    /** One word and its count. */
    public record WordCount(String word, long count) {
        @Override
        public String toString() {
            return word + "=" + count;
        }
    }

    private static final Comparator<WordCount> MOST_FREQUENT_FIRST =
            Comparator.comparingLong(WordCount::count).reversed().thenComparing(WordCount::word);

    private final Map<String, Long> counts = new HashMap<>();

    /** Records a running count; counts only grow, so an older, smaller one arriving late is ignored. */
    public void update(String word, long count) {
        counts.merge(word, count, Math::max);
    }

    public int distinctWords() {
        return counts.size();
    }

    /** The {@code n} most frequent words, ties in alphabetical order. */
    public List<WordCount> top(int n) {
        return counts.entrySet().stream()
                .map(e -> new WordCount(e.getKey(), e.getValue()))
                .sorted(MOST_FREQUENT_FIRST)
                .limit(n)
                .toList();
    }

    /** One log line: {@code top 3 of 1234 words: the=10, of=8, and=5}. */
    public String report(int n) {
        if (counts.isEmpty()) {
            return "no words counted yet";
        }
        List<WordCount> top = top(n);
        return "top " + top.size() + " of " + distinctWords() + " words: "
                + top.stream().map(WordCount::toString).collect(Collectors.joining(", "));
    }
}
