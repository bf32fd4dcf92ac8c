package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WordsTest {

    @Test
    void lowerCasesAndSplitsOnPunctuationDashesAndDigits() {
        assertEquals(List.of("the", "union", "well", "grounded", "in", "whole", "this"),
                Words.of("The UNION--well-grounded in 1774; whole.1 This", 1));
    }

    @Test
    void keepsApostrophesInsideWordsOnly() {
        assertEquals(List.of("nation's", "quoted"), Words.of("nation's 'quoted'", 1));
    }

    @Test
    void dropsWordsShorterThanTheMinimum() {
        assertEquals(List.of("safety", "people"), Words.of("The SAFETY of the people", 4));
    }

    @Test
    void blankTextHasNoWords() {
        assertEquals(List.of(), Words.of("  -- 12 ", 1));
    }
}
