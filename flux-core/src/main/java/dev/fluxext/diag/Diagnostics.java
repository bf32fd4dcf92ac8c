package dev.fluxext.diag;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects every problem of one run, so that a file's problems are all reported at once. Not thread-safe.
 *
 * <p>{@link #all()} is what every output prints (text, JSON), so it is where messages are made safe to print, whatever
 * stage wrote them: substituted values shown as their placeholders ({@link Redactions}), and a quoted value longer
 * than {@value #MAX_QUOTED} characters clipped with its length (a 60 000-digit value is not echoed whole).
 */
public final class Diagnostics {

    /** The longest quoted value a message shows whole. */
    public static final int MAX_QUOTED = 80;
    /** The longest message printed whole (a Storm or constructor message may quote anything, unquoted). */
    public static final int MAX_MESSAGE = 2000;

    private final List<Diagnostic> all = new ArrayList<>();
    private final Redactions redactions = new Redactions();

    private int errors;
    private int recoverable;

    public void error(Code code, Position position, String message) {
        add(Diagnostic.error(code, position, message));
    }

    public void error(Code code, Span span, String message) {
        add(Diagnostic.error(code, span, message));
    }

    /**
     * An error after which later stages still give meaningful results, because the offending key or value was left
     * out (an unknown key, a mistyped optional value, an invalid compression setting): the topology is rejected,
     * but building still runs to find the rest of the file's problems in the same run.
     */
    public void recoverableError(Code code, Span span, String message) {
        addRecoverable(Diagnostic.error(code, span, message));
    }

    /** Adds {@code error} as a {@linkplain #recoverableError recoverable} one. */
    public void addRecoverable(Diagnostic error) {
        add(error);
        recoverable++;
    }

    public void recoverableError(Code code, Position position, String message) {
        recoverableError(code, Span.at(position), message);
    }

    /** Errors that make the model unfit to build (a missing class name, an unknown reference, ...). */
    public boolean hasUnrecoverableErrors() {
        return errors > recoverable;
    }

    public void warning(Code code, Position position, String message) {
        add(Diagnostic.warning(code, position, message));
    }

    public void warning(Code code, Span span, String message) {
        add(Diagnostic.warning(code, span, message));
    }

    public void add(Diagnostic diagnostic) {
        all.add(diagnostic);
        if (diagnostic.isError()) {
            errors++;
        }
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    public int errorCount() {
        return errors;
    }

    /** What substitution put into the topology, hidden in every message of {@link #all()}. */
    public Redactions redactions() {
        return redactions;
    }

    /** In the order found, which is file order within each stage; messages as they may be printed (above). */
    public List<Diagnostic> all() {
        return all.stream().map(this::printable).toList();
    }

    private Diagnostic printable(Diagnostic d) {
        List<Related> related = d.related().stream()
                .map(r -> new Related(r.span(), printable(r.message(), r.span()))).toList();
        // A suggestion that is a substituted value is shown as its placeholder, as messages show it.
        List<Suggestion> suggestions = d.suggestions().stream()
                .map(s -> new Suggestion(redactions.value(s.replacement()), s.span())).toList();
        return new Diagnostic(d.code(), d.severity(), d.span(), printable(d.message(), d.span()), related,
                suggestions);
    }

    private String printable(String message, Span at) {
        String shown = clipQuoted(redactions.hide(message, at));
        return shown.length() <= MAX_MESSAGE ? shown
                : shown.substring(0, MAX_MESSAGE) + "… (" + shown.length() + " characters)";
    }

    /**
     * Each {@code 'quoted'} part longer than {@link #MAX_QUOTED} as its start, an ellipsis and its length. A quote
     * opens after a non-letter and before a non-space, and closes before a non-letter, so an apostrophe ("spout's")
     * neither opens nor closes one, and neither does a quote character a message talks about ("the ' opened here").
     */
    static String clipQuoted(String message) {
        StringBuilder out = new StringBuilder(message.length());
        int i = 0;
        boolean closes = true; // once no quote closes after some point, none closes after a later one either
        while (i < message.length()) {
            char c = message.charAt(i);
            boolean opens = closes && c == '\'' && (i == 0 || !Character.isLetterOrDigit(message.charAt(i - 1)))
                    && i + 1 < message.length() && !Character.isWhitespace(message.charAt(i + 1));
            int close = opens ? closingQuote(message, i + 1) : -1;
            closes &= !opens || close >= 0;
            if (close < 0) {
                out.append(c);
                i++;
                continue;
            }
            int length = close - i - 1;
            if (length > MAX_QUOTED) {
                out.append(message, i, i + 1 + MAX_QUOTED).append("…' (").append(length).append(" characters)");
            } else {
                out.append(message, i, close + 1);
            }
            i = close + 1;
        }
        return out.toString();
    }

    private static int closingQuote(String message, int from) {
        for (int j = message.indexOf('\'', from); j >= 0; j = message.indexOf('\'', j + 1)) {
            if (j + 1 == message.length() || !Character.isLetterOrDigit(message.charAt(j + 1))) {
                return j;
            }
        }
        return -1;
    }
}
