package dev.fluxext.diag;

import dev.fluxext.model.Position;
/** One problem found in a topology file, reported as {@code FILE:LINE:COL: message}. */
public record Diagnostic(Severity severity, Position position, String message) {

    public static Diagnostic error(Position position, String message) {
        return new Diagnostic(Severity.ERROR, position, message);
    }

    public static Diagnostic warning(Position position, String message) {
        return new Diagnostic(Severity.WARNING, position, message);
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** The one-line form printed by the CLI; warnings say so, errors need no label. */
    public String format() {
        return position + ": " + (severity == Severity.WARNING ? "warning: " : "") + message;
    }

    @Override
    public String toString() {
        return format();
    }
}
