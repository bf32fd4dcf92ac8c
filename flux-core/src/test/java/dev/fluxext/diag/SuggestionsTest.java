package dev.fluxext.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuggestionsTest {

    private static final List<String> KEYS = List.of("parallelism", "numTasks", "file", "className", "config");

    @Test
    void suggestsCloseTyposIncludingSwapsAndCase() {
        assertEquals(Optional.of("parallelism"), Suggestions.nearest("paralelism", KEYS));
        assertEquals(Optional.of("file"), Suggestions.nearest("fiel", KEYS));
        assertEquals(Optional.of("className"), Suggestions.nearest("classname", KEYS));
        assertEquals(Optional.of("numTasks"), Suggestions.nearest("numTask", KEYS));
    }

    @Test
    void suggestsNothingForUnrelatedWords() {
        assertEquals(Optional.empty(), Suggestions.nearest("banana", KEYS));
        assertEquals("", Suggestions.didYouMean("x", List.of()));
    }
}
