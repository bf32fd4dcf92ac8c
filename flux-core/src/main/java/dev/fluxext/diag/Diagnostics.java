package dev.fluxext.diag;

import dev.fluxext.model.Position;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects every problem of one run, so that a file's problems are all reported at once. Not thread-safe. */
public final class Diagnostics {

    private final List<Diagnostic> all = new ArrayList<>();

    private int errors;
    private int recoverable;

    public void error(Position position, String message) {
        add(Diagnostic.error(position, message));
    }

    /**
     * An error after which later stages still give meaningful results, because the offending key or value was left
     * out (an unknown key, a mistyped optional value, an invalid compression setting): the topology is rejected,
     * but building still runs to find the rest of the file's problems in the same run.
     */
    public void recoverableError(Position position, String message) {
        add(Diagnostic.error(position, message));
        recoverable++;
    }

    /** Errors that make the model unfit to build (a missing class name, an unknown reference, ...). */
    public boolean hasUnrecoverableErrors() {
        return errors > recoverable;
    }

    public void warning(Position position, String message) {
        add(Diagnostic.warning(position, message));
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
