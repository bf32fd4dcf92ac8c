package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.examples.TopWords.WordCount;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopWordsTest {

    @Test
    void ranksByCountThenAlphabetically() {
        TopWords words = new TopWords();
        words.update("of", 3);
        words.update("the", 5);
        words.update("and", 3);
        words.update("union", 1);
        assertEquals(List.of(new WordCount("the", 5), new WordCount("and", 3), new WordCount("of", 3)), words.top(3));
        assertEquals("top 2 of 4 words: the=5, and=3", words.report(2));
    }

    @Test
    void keepsTheLargestRunningCountWhenOneArrivesLate() {
        TopWords words = new TopWords();
        words.update("the", 7);
        words.update("the", 6);
        assertEquals(List.of(new WordCount("the", 7)), words.top(10));
    }

    @Test
    void reportsNothingBeforeAnyWord() {
        assertEquals("no words counted yet", new TopWords().report(5));
    }
}
