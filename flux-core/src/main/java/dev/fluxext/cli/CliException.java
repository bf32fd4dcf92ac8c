package dev.fluxext.cli;

/** An expected failure: its message is printed as is (no stack trace) and the command exits with {@link #exitCode()}. */
final class CliException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    int exitCode() {
        return exitCode;
    }
}
