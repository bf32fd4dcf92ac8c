package dev.fluxext.reflect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class InvokerTest {

    public enum Mode { FAST, SAFE }

    /** Overloads chosen among by the tests; {@code chosen} records which one ran. */
    public static class Target {
        public String chosen;
        public Object value;
        public int publicField;
        private Mode mode;

        public Target() {
            chosen = "()";
        }

        public Target(int i) {
            chosen = "(int)";
            value = i;
        }

        public Target(long l) {
            chosen = "(long)";
            value = l;
        }

        public Target(String s) {
            chosen = "(String)";
            value = s;
        }

        public Target(Object o) {
            chosen = "(Object)";
            value = o;
        }

        public Target(Mode mode, double d) {
            chosen = "(Mode,double)";
            this.mode = mode;
            value = d;
        }

        public Target(String[] words, List<String> more) {
            chosen = "(String[],List)";
            value = List.of(Arrays.asList(words), more);
        }

        public static Target create(byte b) {
            Target t = new Target();
            t.chosen = "create(byte)";
            t.value = b;
            return t;
        }

        public void setMode(Mode mode) {
            this.mode = mode;
        }

        public Mode mode() {
            return mode;
        }

        public void configure(int[] numbers) {
            chosen = "configure(int[])";
            value = numbers;
        }

        public void ambiguous(Integer i) {
            chosen = "ambiguous(Integer)";
        }

        public void ambiguous(String s) {
            chosen = "ambiguous(String)";
        }

        public void emptyArrays(int[] a) {
        }

        public void emptyArrays(String[] a) {
        }

        public void fails() {
            throw new IllegalStateException("not today");
        }
    }

    @Test
    void exactMatchIsPreferredOverWidening() throws Exception {
        Target t = (Target) Invoker.construct(Target.class, List.of(5));
        assertEquals("(int)", t.chosen);
        t = (Target) Invoker.construct(Target.class, List.of(5_000_000_000L));
        assertEquals("(long)", t.chosen);
    }

    @Test
    void mostSpecificReferenceTypeWins() throws Exception {
        assertEquals("(String)", ((Target) Invoker.construct(Target.class, List.of("x"))).chosen);
        Object built = new ArrayList<>(List.of(1));
        Target t = (Target) Invoker.construct(Target.class, List.of(built));
        assertEquals("(Object)", t.chosen);
        assertTrue(t.value == built, "a reference is passed as the very object");
    }

    @Test
    void stringsBecomeEnumsAndIntegersBecomeDoubles() throws Exception {
        Target t = (Target) Invoker.construct(Target.class, List.of("SAFE", 2));
        assertEquals("(Mode,double)", t.chosen);
        assertEquals(Mode.SAFE, t.mode());
        assertEquals(2.0, t.value);
    }

    @Test
    void unknownEnumConstantListsTheConstants() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.construct(Target.class, List.of("SLOW", 2)));
        assertTrue(e.getMessage().contains("'SLOW' is not a constant of Mode (one of FAST, SAFE)"), e.getMessage());
        assertEquals(0, e.argument().getAsInt());
    }

    @Test
    void fractionIsNotTruncatedToAnInteger() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.callStatic(Target.class, "create", List.of(3.7)));
        assertTrue(e.getMessage().contains("3.7 is not a whole number"), e.getMessage());
        assertEquals(0, e.argument().getAsInt());
    }

    @Test
    void numbersAreRangeChecked() throws Exception {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.callStatic(Target.class, "create", List.of(300)));
        assertTrue(e.getMessage().contains("300 is out of range for byte (-128 to 127)"), e.getMessage());
        Target t = (Target) Invoker.callStatic(Target.class, "create", List.of(3.0));
        assertEquals((byte) 3, t.value);
    }

    @Test
    void listsBecomeArraysAndLists() throws Exception {
        Target t = (Target) Invoker.construct(Target.class, List.of(List.of("a", "b"), List.of("c")));
        assertEquals("(String[],List)", t.chosen);
        assertEquals(List.of(List.of("a", "b"), List.of("c")), t.value);
        Invoker.call(t, "configure", List.of(List.of(1, 2L)));
        assertArrayEquals(new int[] {1, 2}, (int[]) t.value);
        Invoker.call(t, "configure", List.of(List.of()));
        assertArrayEquals(new int[0], (int[]) t.value);
    }

    @Test
    void anEmptyListMatchingTwoArrayTypesIsAmbiguous() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.call(new Target(), "emptyArrays", List.of(List.of())));
        assertTrue(e.getMessage().contains("Target.emptyArrays(String[])")
                && e.getMessage().contains("Target.emptyArrays(int[])"), e.getMessage());
    }

    @Test
    void nullMatchingSeveralOverloadsIsAnErrorListingThem() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.call(new Target(), "ambiguous", Arrays.asList((Object) null)));
        assertTrue(e.getMessage().contains("Target.ambiguous(Integer), Target.ambiguous(String)"), e.getMessage());
    }

    @Test
    void noMatchListsTheCandidates() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.construct(Target.class, List.of(true, true)));
        assertTrue(e.getMessage().startsWith("no constructor of " + Target.class.getName() + " accepts (true, true): "
                + "argument 1 of Target(Mode, double): true cannot be passed as Mode; "
                + "argument 1 of Target(String[], List): true cannot be passed as String[]"), e.getMessage());
        assertEquals(0, e.argument().getAsInt());
        e = assertThrows(ReflectException.class, () -> Invoker.construct(Target.class, List.of(1, 2, 3)));
        assertTrue(e.getMessage().startsWith("no constructor of " + Target.class.getName() + " takes 3 arguments; "
                + "candidates: Target(), Target(Mode, double)"), e.getMessage());
    }

    @Test
    void propertiesUseSettersThenPublicFields() throws Exception {
        Target t = new Target();
        Invoker.setProperty(t, "mode", "FAST");
        assertEquals(Mode.FAST, t.mode());
        Invoker.setProperty(t, "publicField", 42);
        assertEquals(42, t.publicField);
        ReflectException e = assertThrows(ReflectException.class, () -> Invoker.setProperty(t, "nothing", 1));
        assertTrue(e.getMessage().contains("no public method setNothing(...)"), e.getMessage());
        assertThrows(ReflectException.class, () -> Invoker.setProperty(t, "publicField", 1.5));
    }

    @Test
    void misspeltMethodSuggestsTheNearest() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.call(new Target(), "confgure", List.of(1)));
        assertTrue(e.getMessage().contains("did you mean 'configure'?"), e.getMessage());
    }

    @Test
    void exceptionsFromUserCodeAreReportedWithoutAStackTrace() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.call(new Target(), "fails", List.of()));
        assertEquals("Target.fails() failed: java.lang.IllegalStateException: not today", e.getMessage());
    }

    @Test
    void interfacesCannotBeConstructed() {
        ReflectException e = assertThrows(ReflectException.class, () -> Invoker.construct(List.class, List.of()));
        assertTrue(e.getMessage().contains("is an interface"), e.getMessage());
    }

    @Test
    void nullCannotBePrimitive() {
        ReflectException e = assertThrows(ReflectException.class,
                () -> Invoker.callStatic(Target.class, "create", Arrays.asList((Object) null)));
        assertTrue(e.getMessage().contains("null cannot be passed as byte"), e.getMessage());
    }
}
