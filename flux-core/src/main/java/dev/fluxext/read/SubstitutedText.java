package dev.fluxext.read;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * A file's text with its {@code ${...}} placeholders replaced in the text, before the YAML is read, as Storm's Flux
 * replaces them; and the way back: every position in the substituted text maps to the file as written, so that
 * diagnostics point at what the user wrote. A position inside a substituted value maps to its placeholder.
 *
 * <p>A file without placeholders is its own text, and its positions are the reader's own (no mapping at all).
 */
public final class SubstitutedText {

    /**
     * One placeholder: {@code [from, to)} in the substituted text (its value, or the placeholder itself when it has
     * none), {@code [writtenFrom, writtenTo)} in the text as written (the placeholder).
     *
     * @param value           the text that replaced it, or null when it has none and stays as written
     * @param secret          whether the value is a secret (from the environment, or a property named like one)
     * @param problem         what to report when the placeholder is part of a value or key (one in a comment is
     *                        never reported, as nothing reads it), or null
     */
    public record Replacement(int from, int to, int writtenFrom, int writtenTo, String placeholder, String value,
                              boolean secret, Diagnostic problem) {

        /** The placeholder is left as written, and its problem is an error: later stages do not judge its value. */
        public boolean unresolved() {
            return problem != null && problem.isError();
        }
    }

    private final String written;
    private final String text;
    private final List<Replacement> replacements;
    private final int[] starts;
    private final int[] writtenLineStarts;
    private final int[] lineStarts;
    /** Lines without surrogate pairs, whose columns are char offsets: mapping them is constant time. */
    private final boolean[] writtenLineSimple;
    private final boolean[] lineSimple;

    /**
     * @param replacements in the order of the text, not overlapping
     */
    public SubstitutedText(String written, String text, List<Replacement> replacements) {
        this.written = written;
        this.text = text;
        this.replacements = List.copyOf(replacements);
        this.starts = replacements.stream().mapToInt(Replacement::from).toArray();
        this.writtenLineStarts = replacements.isEmpty() ? new int[0] : lineStarts(written);
        this.lineStarts = replacements.isEmpty() ? new int[0] : lineStarts(text);
        this.writtenLineSimple = simple(written, writtenLineStarts);
        this.lineSimple = simple(text, lineStarts);
    }

    /**
     * A substituted text whose replacements' problems are made from their spans as written, mapped once:
     * {@code problem} gets each replacement's index and (when it needs it) span, and returns its problem or null.
     */
    public static SubstitutedText withProblems(String written, String text, List<Replacement> replacements,
                                               BiFunction<Integer, Supplier<Span>, Diagnostic> problem,
                                               String label) {
        SubstitutedText positions = new SubstitutedText(written, text, replacements);
        List<Replacement> out = new ArrayList<>(replacements.size());
        for (int i = 0; i < replacements.size(); i++) {
            Replacement r = replacements.get(i);
            Diagnostic d = problem.apply(i, () -> positions.writtenSpan(label, r));
            out.add(d == null ? r : new Replacement(r.from(), r.to(), r.writtenFrom(), r.writtenTo(), r.placeholder(),
                    r.value(), r.secret(), d));
        }
        return new SubstitutedText(written, text, out);
    }

    public static SubstitutedText asWritten(String text) {
        return new SubstitutedText(text, text, List.of());
    }

    /** The text the YAML reader reads. */
    public String text() {
        return text;
    }

    public String written() {
        return written;
    }

    public List<Replacement> replacements() {
        return replacements;
    }

    /** True when nothing was replaced or left: positions need no mapping. */
    public boolean asWritten() {
        return replacements.isEmpty();
    }

    /** The placeholders whose text in the substituted text overlaps {@code [from, to)} (char offsets). */
    public List<Replacement> within(int from, int to) {
        List<Replacement> out = new ArrayList<>();
        int i = Math.max(0, index(from));
        for (; i < replacements.size() && replacements.get(i).from() < Math.max(to, from + 1); i++) {
            Replacement r = replacements.get(i);
            if (r.to() > from || r.from() == from) {
                out.add(r);
            }
        }
        return out;
    }

    /** The char offset in the substituted text of a reader's 0-based line and column (in code points). */
    public int offset(int line, int column) {
        if (asWritten()) {
            throw new IllegalStateException("no mapping for text as written");
        }
        int l = Math.min(line, lineStarts.length - 1);
        int start = lineStarts[l];
        if (lineSimple[l]) {
            return Math.min(start + column, text.length());
        }
        try {
            return text.offsetByCodePoints(start, column);
        } catch (IndexOutOfBoundsException e) {
            return text.length();
        }
    }

    /**
     * Where a reader's 0-based line and column in the substituted text is in the file as written (1-based): inside a
     * value, at its placeholder's start, or, for the end of a span ({@code end}), at its placeholder's end.
     */
    public Position writtenAt(String label, int line, int column, boolean end) {
        if (asWritten()) {
            return new Position(label, line + 1, column + 1);
        }
        return writtenPosition(label, writtenOffset(offset(line, column), end));
    }

    /** The position in the file as written of a char offset there. */
    public Position writtenPosition(String label, int offset) {
        int line = Arrays.binarySearch(writtenLineStarts, offset);
        line = line >= 0 ? line : -line - 2;
        int end = Math.min(offset, written.length());
        int column = writtenLineSimple[line] ? end - writtenLineStarts[line]
                : written.codePointCount(writtenLineStarts[line], end);
        return new Position(label, line + 1, column + 1);
    }

    /** The span of the placeholder as written. */
    public Span writtenSpan(String label, Replacement r) {
        Position start = writtenPosition(label, r.writtenFrom());
        Position end = writtenPosition(label, r.writtenTo());
        return new Span(start, end.line(), end.column());
    }

    /** The span of {@code [from, to)} (char offsets) in {@code text}, a file's text as written. */
    public static Span spanIn(String text, String label, int from, int to) {
        SubstitutedText t = new SubstitutedText(text, text, List.of(new Replacement(from, to, from, to, "", null,
                false, null)));
        return t.writtenSpan(label, t.replacements.get(0));
    }

    /** The char offset in the file as written of one in the substituted text. */
    public int writtenOffset(int offset, boolean end) {
        int i = index(end ? offset - 1 : offset);
        if (i < 0) {
            return offset;
        }
        Replacement r = replacements.get(i);
        if (offset < r.to() && (offset > r.from() || !end && offset == r.from())) {
            return end ? r.writtenTo() : r.writtenFrom();
        }
        return offset - r.to() + r.writtenTo();
    }

    /** The last replacement starting at or before {@code offset}, or -1. */
    private int index(int offset) {
        int i = Arrays.binarySearch(starts, offset);
        if (i < 0) {
            return -i - 2;
        }
        while (i + 1 < starts.length && starts[i + 1] == offset) {
            i++;
        }
        return i;
    }

    private static boolean[] simple(String s, int[] starts) {
        boolean[] out = new boolean[starts.length];
        if (starts.length == 0) {
            return out; // text as written: positions are not mapped
        }
        Arrays.fill(out, true);
        int line = 0;
        for (int i = 0; i < s.length(); i++) {
            while (line + 1 < starts.length && starts[line + 1] <= i) {
                line++;
            }
            if (Character.isSurrogate(s.charAt(i))) {
                out[line] = false;
            }
        }
        return out;
    }

    /** Char offsets of each line's start, line breaks counted as YAML 1.1 (and SnakeYAML) count them. */
    private static int[] lineStarts(String s) {
        List<Integer> out = new ArrayList<>();
        out.add(0);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean lone = c == '\r' && (i + 1 >= s.length() || s.charAt(i + 1) != '\n');
            if (c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029' || lone) {
                out.add(i + 1);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
