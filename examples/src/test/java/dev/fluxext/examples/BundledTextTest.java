package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BundledTextTest {

    private static final BundledText FEDERALIST = BundledText.fromResource(BundledText.DEFAULT_RESOURCE);

    @Test
    void paragraphsAreSeparatedByBlankLinesAndJoinedIntoOneLine() {
        BundledText text = BundledText.of("First line\nof one.\n\n\n  Second.  \r\n\r\nThird\n");
        assertEquals(List.of("First line of one.", "Second.", "Third"), text.paragraphs());
    }

    @Test
    void sentencesEndAtStopsFollowedByACapital() {
        BundledText text = BundledText.of("In 1685, Genoa offended Louis XIV., and sent its Doge. Would he? "
                + "He said: \"Farewell!\" Then left.\n\nPUBLIUS.");
        assertEquals(List.of("In 1685, Genoa offended Louis XIV., and sent its Doge.", "Would he?",
                "He said: \"Farewell!\"", "Then left.", "PUBLIUS."), text.sentences());
    }

    @Test
    void bundledTextIsTensOfKilobytesOfProse() {
        int length = FEDERALIST.paragraphs().stream().mapToInt(String::length).sum();
        assertTrue(length > 40_000, "bundled text has " + length + " characters");
        assertEquals("FEDERALIST. No. 1", FEDERALIST.paragraphs().get(0));
        assertTrue(FEDERALIST.sentences().size() > 200, FEDERALIST.sentences().size() + " sentences");
    }

    @Test
    void passagesOfTheBundledTextAreOneToTwoKilobytes() {
        List<String> passages = FEDERALIST.passages(1024, 2048);
        assertTrue(passages.size() > 20, passages.size() + " passages");
        for (String passage : passages) {
            assertTrue(passage.length() >= 1024 && passage.length() <= 2048,
                    "passage of " + passage.length() + " characters: " + passage.substring(0, 40));
        }
    }

    @Test
    void passagesKeepEveryWordInOrder() {
        List<String> passages = FEDERALIST.passages(1024, 2048);
        assertEquals(Words.of(String.join(" ", FEDERALIST.paragraphs()), 1),
                Words.of(String.join(" ", passages), 1));
    }

    @Test
    void passagesJoinParagraphsWithLineBreaksAndSentencesWithSpaces() {
        BundledText text = BundledText.of("Aa.\n\nBb.\n\nCcc cc. Ddd dd. Eee ee.");
        assertEquals(List.of("Aa.\nBb.", "Ccc cc.", "Ddd dd.", "Eee ee."), text.passages(6, 8));
        assertEquals(List.of("Aa.\nBb.\nCcc cc.", "Ddd dd. Eee ee."), text.passages(10, 16));
    }

    @Test
    void aShortLastPassageTakesSentencesFromThePreviousOne() {
        BundledText text = BundledText.of("One one. Two two. Three three. Four four.\n\nFive.");
        // Greedy cutting would leave "Five." alone; balancing moves "Four four." over.
        assertEquals(List.of("One one. Two two. Three three.", "Four four.\nFive."), text.passages(14, 41));
    }

    @Test
    void missingResourceIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BundledText.fromResource("texts/no-such.txt"));
        assertTrue(e.getMessage().contains("texts/no-such.txt"), e.getMessage());
    }
}
