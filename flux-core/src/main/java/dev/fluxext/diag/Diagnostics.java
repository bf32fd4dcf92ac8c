package dev.fluxext.diag;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects every problem of one run, so that a file's problems are all reported at once. Not thread-safe. */
public final class Diagnostics {

    private final List<Diagnostic> all = new ArrayList<>();

    private int errors;

    public void error(Position position, String message) {
        add(Diagnostic.error(position, message));
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
