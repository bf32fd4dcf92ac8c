package dev.fluxext.diag;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects every problem of one run, so that a file's problems are all reported at once. Not thread-safe. */
public final class Diagnostics {

    private final List<Diagnostic> all = new ArrayList<>();

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

    /** In the order found, which is file order within each stage. */
    public List<Diagnostic> all() {
        return Collections.unmodifiableList(all);
    }
}
