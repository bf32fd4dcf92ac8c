package dev.fluxext.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PlaceholdersTest {

    /** What placeholders were before the scanner: the same language, found by a backtracking regular expression. */
    private static final Pattern REGEX = Pattern.compile("\\$\\{([^}\\[\\]]+)(?:\\[(\\d+)])?}");

    private static List<String> byRegex(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = REGEX.matcher(text);
        while (m.find()) {
            out.add(m.start() + "-" + m.end() + " " + m.group(1) + " " + m.group(2));
        }
        return out;
    }

    private static List<Placeholders.Match> all(String text) {
        List<Placeholders.Match> out = new ArrayList<>();
        for (Placeholders.Match m = Placeholders.find(text, 0); m != null; m = Placeholders.find(text, m.end())) {
            out.add(m);
        }
        return out;
    }

    private static List<String> byScanner(String text) {
        return all(text).stream().map(m -> m.start() + "-" + m.end() + " " + m.key() + " " + m.index()).toList();
    }

    @Test
    void findsKeysAndIndexes() {
        Placeholders.Match m = Placeholders.find("url: ${host}:${ports[1]}", 0);
        assertEquals("host", m.key());
        assertNull(m.index());
        assertEquals("${host}", m.text("url: ${host}:${ports[1]}"));
        Placeholders.Match second = Placeholders.find("url: ${host}:${ports[1]}", m.end());
        assertEquals("ports", second.key());
        assertEquals("1", second.index());
        assertNull(Placeholders.find("${} ${a[x]} ${a[1] ${a", 0));
    }

    @Test
    void findsWhatTheRegularExpressionFound() {
        // Random texts over the characters that matter, as likely to hold unclosed and nested ${ as real ones.
        Random random = new Random(17);
        String alphabet = "${}[]a1$${{";
        for (int n = 0; n < 50_000; n++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(24); i > 0; i--) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            assertEquals(byRegex(text.toString()), byScanner(text.toString()), text.toString());
        }
    }

    /** A text that counts how often a character of it is looked at. */
    private static final class Counted implements CharSequence {
        private final String text;
        long reads;

        Counted(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            reads += end - start;
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }

    @Test
    void eachCharacterIsLookedAtAFewTimesAtMost() {
        // The regular expression looked at the rest of the text again for each unclosed ${: about n^2/6 characters
        // here, 1.8 * 10^12 for 3 MiB. The scan looks at each at most a few times, whatever the mix.
        for (String hostile : List.of("${a".repeat(1024 * 1024), "${a[1".repeat(600_000), "${${${".repeat(500_000),
                "${a]".repeat(700_000), "${a[12345".repeat(300_000) + "}")) {
            Counted text = new Counted(hostile);
            for (Placeholders.Match m = Placeholders.find(text, 0); m != null; m = Placeholders.find(text, m.end())) {
                // found ones are counted too
            }
            assertTrue(text.reads <= 5L * hostile.length(), text.reads + " reads for " + hostile.length() + " characters");
        }
        // The measure tells the two apart: the regular expression, on a text 500 times shorter, already reads more.
        Counted small = new Counted("${a".repeat(2000));
        assertFalse(REGEX.matcher(small).find());
        assertTrue(small.reads > 5L * small.length() * 100, small.reads + " reads by the regular expression");
    }

    @Test
    void unclosedPlaceholdersTakeLinearTime() {
        // 3 MiB of "${a": the regular expression tried every ${ to the end of the text again (a 60 KB value took
        // 24 s, this would take hours). Looked at a bounded number of times per character, it takes milliseconds;
        // 10 s only keeps a loaded machine from failing it.
        String hostile = "${a".repeat(1024 * 1024) + "${a[1";
        long start = System.nanoTime();
        assertNull(Placeholders.find(hostile, 0));
        assertEquals(List.of("b"), all(hostile + "${b}").stream().map(Placeholders.Match::key).toList());
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(millis < 10_000, millis + " ms");
    }
}
