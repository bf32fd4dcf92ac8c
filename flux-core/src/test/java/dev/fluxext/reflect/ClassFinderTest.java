package dev.fluxext.reflect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClassFinderTest {

    public static class Nested {
    }

    private final ClassFinder finder = new ClassFinder(ClassFinderTest.class.getClassLoader());

    @Test
    void findsClassesAndNestedClasses() throws Exception {
        assertSame(String.class, finder.find("java.lang.String"));
        assertSame(Nested.class, finder.find(Nested.class.getName()));
    }

    @Test
    void typoInStormClassSuggestsTheNearest() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> finder.find("org.apache.storm.testing.TestWordSpot"));
        assertEquals("class org.apache.storm.testing.TestWordSpot not found; did you mean "
                + "org.apache.storm.testing.TestWordSpout?", e.getMessage());
    }

    @Test
    void rightClassInWrongPackageIsSuggested() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> finder.find("org.apache.storm.TestWordCounter"));
        assertTrue(e.getMessage().endsWith("did you mean org.apache.storm.testing.TestWordCounter?"), e.getMessage());
    }

    @Test
    void nestedClassWrittenWithADotIsExplained() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> finder.find(ClassFinderTest.class.getName() + ".Nested"));
        assertTrue(e.getMessage().endsWith("a nested class is written with '$': "
                + ClassFinderTest.class.getName() + "$Nested"), e.getMessage());
    }

    @Test
    void farOffNameGetsNoSuggestion() {
        ReflectException e = assertThrows(ReflectException.class, () -> finder.find("com.example.Nothing"));
        assertEquals("class com.example.Nothing not found", e.getMessage());
    }
}
