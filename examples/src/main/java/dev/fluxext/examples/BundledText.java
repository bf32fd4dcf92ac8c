package dev.fluxext.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A plain-text document cut into the units the example spouts emit: paragraphs, sentences, and passages of a
 * bounded size. Paragraphs are separated by blank lines; line breaks inside a paragraph become spaces.
 */
public final class BundledText {

    /** The Federalist Papers Nos. 1-5, bundled in the examples jar (provenance in examples/README.md). */
    public static final String DEFAULT_RESOURCE = "texts/federalist-papers-1-5.txt";

    private static final Pattern BLANK_LINES = Pattern.compile("\\R\\s*\\R");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** A sentence ends at . ! or ? (maybe closing a quote) followed by a capital, digit, quote or parenthesis:
     *  so "Louis XIV., endeavored" stays one sentence. */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?]\"?)\\s+(?=[\"(]?[A-Z0-9])");

    private final List<String> paragraphs;

    private BundledText(List<String> paragraphs) {
        this.paragraphs = List.copyOf(paragraphs);
    }

    public static BundledText of(String text) {
        List<String> paragraphs = Arrays.stream(BLANK_LINES.split(text))
                .map(p -> WHITESPACE.matcher(p.strip()).replaceAll(" "))
                .filter(p -> !p.isEmpty())
                .toList();
        return new BundledText(paragraphs);
    }

    /** Reads a UTF-8 text from the classpath; fails with the resource's name when it is missing. */
    public static BundledText fromResource(String resource) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = BundledText.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("text resource not found on the classpath: " + resource);
            }
            return of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read text resource " + resource, e);
        }
    }

    public List<String> paragraphs() {
        return paragraphs;
    }

    public List<String> sentences() {
        return paragraphs.stream().flatMap(p -> Arrays.stream(SENTENCE_END.split(p))).toList();
    }

    /**
     * Consecutive text cut into passages of {@code minLength} to {@code maxLength} characters, made of whole
     * sentences; paragraphs inside a passage are separated by a line break. A passage falls outside the bounds
     * only when a single sentence does, or when the whole text is shorter than {@code minLength}.
     */
    public List<String> passages(int minLength, int maxLength) {
        if (minLength < 1 || maxLength < minLength) {
            throw new IllegalArgumentException("need 1 <= minLength <= maxLength, got " + minLength + ", " + maxLength);
        }
        List<Passage> passages = new ArrayList<>();
        Passage current = new Passage();
        for (Piece piece : pieces()) {
            if (current.length() >= minLength && current.lengthWith(piece) > maxLength) {
                passages.add(current);
                current = new Passage();
            }
            current.add(piece);
        }
        passages.add(current);
        balanceTail(passages, minLength, maxLength);
        return passages.stream().filter(p -> p.length() > 0).map(Passage::text).toList();
    }

    /** Every sentence, marked where a paragraph starts. */
    private List<Piece> pieces() {
        List<Piece> pieces = new ArrayList<>();
        for (String paragraph : paragraphs) {
            String[] sentences = SENTENCE_END.split(paragraph);
            for (int i = 0; i < sentences.length; i++) {
                pieces.add(new Piece(sentences[i], i == 0));
            }
        }
        return pieces;
    }

    /** A short last passage joins the one before when both fit, or else takes sentences from its end. */
    private static void balanceTail(List<Passage> passages, int minLength, int maxLength) {
        if (passages.size() < 2) {
            return;
        }
        Passage tail = passages.get(passages.size() - 1);
        Passage previous = passages.get(passages.size() - 2);
        if (previous.length() + 1 + tail.length() <= maxLength) {
            previous.addAll(tail);
            passages.remove(passages.size() - 1);
            return;
        }
        while (tail.length() < minLength && previous.pieces.size() > 1
                && previous.length() - previous.last().text().length() - 1 >= minLength) {
            tail.prepend(previous.removeLast());
        }
    }

    /** A sentence; {@code startsParagraph} decides how it joins the one before it. */
    private record Piece(String text, boolean startsParagraph) {
    }

    private static final class Passage {
        private final List<Piece> pieces = new ArrayList<>();
        private int length;

        int length() {
            return length;
        }

        int lengthWith(Piece piece) {
            return length + (pieces.isEmpty() ? 0 : 1) + piece.text().length();
        }

        void add(Piece piece) {
            length = lengthWith(piece);
            pieces.add(piece);
        }

        void addAll(Passage other) {
            other.pieces.forEach(this::add);
        }

        void prepend(Piece piece) {
            length += piece.text().length() + (pieces.isEmpty() ? 0 : 1);
            pieces.add(0, piece);
        }

        Piece last() {
            return pieces.get(pieces.size() - 1);
        }

        Piece removeLast() {
            Piece piece = pieces.remove(pieces.size() - 1);
            length -= piece.text().length() + (pieces.isEmpty() ? 0 : 1);
            return piece;
        }

        String text() {
            StringBuilder text = new StringBuilder(length);
            for (Piece piece : pieces) {
                if (!text.isEmpty()) {
                    text.append(piece.startsParagraph() ? '\n' : ' ');
                }
                text.append(piece.text());
            }
            return text.toString();
        }
    }
}
