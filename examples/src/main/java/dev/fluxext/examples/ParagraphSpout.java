package dev.fluxext.examples;

import java.util.List;

/**
 * Emits the bundled text as paragraphs of about 1-2 KB (field {@code paragraph}), cycling through it: short
 * paragraphs are joined, long ones split between sentences. Tuples this size are where compression pays.
 */
public class ParagraphSpout extends CyclingTextSpout {

    private static final long serialVersionUID = 1L;

    public static final int DEFAULT_MIN_LENGTH = 1024;
    public static final int DEFAULT_MAX_LENGTH = 2048;

    private final int minLength;
    private final int maxLength;

    public ParagraphSpout() {
        this(DEFAULT_MIN_LENGTH, DEFAULT_MAX_LENGTH);
    }

    /** Paragraphs of {@code minLength} to {@code maxLength} characters (see {@link BundledText#passages}). */
    public ParagraphSpout(int minLength, int maxLength) {
        if (minLength < 1 || maxLength < minLength) {
            throw new IllegalArgumentException("ParagraphSpout needs 1 <= minLength <= maxLength, got "
                    + minLength + " and " + maxLength);
        }
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    @Override
    protected List<String> piecesOf(BundledText text) {
        return text.passages(minLength, maxLength);
    }

    @Override
    protected String fieldName() {
        return "paragraph";
    }
}
