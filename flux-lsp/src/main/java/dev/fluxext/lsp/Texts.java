package dev.fluxext.lsp;

import dev.fluxext.read.InputFiles;
import dev.fluxext.read.ReadLimits;
import java.nio.file.Path;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/** Reading a document's text at the protocol's positions. */
final class Texts {

    private Texts() {
    }

    /**
     * The text of a file on disk that is not open in the editor (an included file), within the loader's size bound;
     * empty when it cannot be read (the check reports that file's problem).
     */
    static String ofFile(Path path) {
        try {
            return InputFiles.readText(path, "file", ReadLimits.DEFAULT.maxBytes());
        } catch (InputFiles.Refused | RuntimeException e) {
            return "";
        }
    }

    /** The offset of {@code position} in {@code text}, or -1 when it is past the text. */
    static int offset(String text, Position position) {
        int offset = 0;
        for (int line = 0; line < position.getLine(); line++) {
            int newline = text.indexOf('\n', offset);
            if (newline < 0) {
                return -1;
            }
            offset = newline + 1;
        }
        int end = text.indexOf('\n', offset);
        int lineEnd = end < 0 ? text.length() : end;
        return Math.min(offset + position.getCharacter(), lineEnd);
    }

    /** The 0-based {@code line} of {@code text}, without its line break; empty past the text. */
    static String line(String text, int line) {
        int start = offset(text, new Position(line, 0));
        if (start < 0) {
            return "";
        }
        int end = text.indexOf('\n', start);
        String whole = text.substring(start, end < 0 ? text.length() : end);
        return whole.endsWith("\r") ? whole.substring(0, whole.length() - 1) : whole;
    }

    /** The line {@code position} is on, up to it. */
    static String linePrefix(String text, Position position) {
        int at = offset(text, position);
        if (at < 0) {
            return "";
        }
        int start = text.lastIndexOf('\n', at - 1) + 1;
        return text.substring(start, at);
    }

    /** {@code range} without its enclosing quotes, when the text there is a quoted scalar on one line. */
    static Range unquoted(String text, Range range) {
        int start = offset(text, range.getStart());
        int end = offset(text, range.getEnd());
        if (start < 0 || end < 0 || end - start < 2 || range.getStart().getLine() != range.getEnd().getLine()) {
            return range;
        }
        char first = text.charAt(start);
        if ((first == '"' || first == '\'') && text.charAt(end - 1) == first) {
            Position s = range.getStart();
            Position e = range.getEnd();
            return new Range(new Position(s.getLine(), s.getCharacter() + 1), new Position(e.getLine(), e.getCharacter() - 1));
        }
        return range;
    }
}
