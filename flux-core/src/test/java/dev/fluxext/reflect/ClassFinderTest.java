package dev.fluxext.reflect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        // Not JoinBolt or any other org.apache.storm.bolt class: none is near enough to be a typo of it.
        ReflectException e = assertThrows(ReflectException.class, () -> finder.find("org.apache.storm.bolt.HBaseBolt"));
        assertEquals("class org.apache.storm.bolt.HBaseBolt not found", e.getMessage());
        assertFalse(e.packageMissing());
    }

    @Test
    void aPackageWithNoClassOnTheClasspathIsAMissingJar() {
        ReflectException e = assertThrows(ReflectException.class, () -> finder.find("com.example.Nothing"));
        assertEquals("class com.example.Nothing not found: no class of package com.example is on the classpath; is "
                + "its jar missing? Give it with --jar FILE (or --classpath), or put the class in your topology jar",
                e.getMessage());
        assertTrue(e.packageMissing());
    }

    @Test
    void aStormConnectorClassWithoutItsJarNamesTheArtifact() {
        // Not "did you mean org.apache.storm.bolt.JoinBolt?": storm-hbase is missing (and Storm 2.8 no longer ships it).
        ReflectException hbase = assertThrows(ReflectException.class,
                () -> finder.find("org.apache.storm.hbase.bolt.HBaseBolt"));
        assertEquals("class org.apache.storm.hbase.bolt.HBaseBolt not found: no class of package "
                + "org.apache.storm.hbase.bolt is on the classpath; it was in Storm's connector storm-hbase, which "
                + "Storm 2.8.3 no longer ships: its last release is org.apache.storm:storm-hbase:2.5.0", hbase.getMessage());
        assertTrue(hbase.packageMissing());
        ReflectException hdfs = assertThrows(ReflectException.class,
                () -> finder.find("org.apache.storm.hdfs.bolt.HdfsBolt"));
        assertEquals("class org.apache.storm.hdfs.bolt.HdfsBolt not found: no class of package "
                + "org.apache.storm.hdfs.bolt is on the classpath; it is in Storm's connector storm-hdfs: add "
                + "org.apache.storm:storm-hdfs:2.8.3 with its dependencies (--jar, --classpath, or your topology jar)",
                hdfs.getMessage());
        // The more specific package: storm-autocreds holds org.apache.storm.hdfs.security, not storm-hdfs.
        assertTrue(assertThrows(ReflectException.class, () -> finder.find("org.apache.storm.hdfs.security.AutoHDFS"))
                .getMessage().contains("it is in Storm's connector storm-autocreds: add "
                        + "org.apache.storm:storm-autocreds:2.8.3"));
    }

    @Test
    void aJdkPackageIsNotAMissingJar() {
        ReflectException e = assertThrows(ReflectException.class, () -> finder.find("java.time.Durration"));
        assertEquals("class java.time.Durration not found", e.getMessage());
        assertFalse(e.packageMissing());
    }
}
