package dev.fluxext.run.process;

import java.io.PrintWriter;

/**
 * An expected failure of a run: its message is printed as is (no stack trace) and the command exits with
 * {@link #exitCode()}. The commands' own failures ({@code cli.CliException}) are printed the same way ({@link #print}).
 */
public final class RunException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public RunException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public RunException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /**
     * Prints {@code e} to {@code err}: a RunException's message, else an internal error (with the stack trace when
     * {@code verbose}).
     *
     * @return the exit status
     */
    public static int report(Exception e, PrintWriter err, boolean verbose) {
        if (e instanceof RunException run) {
            return print(run.getMessage(), run.getCause(), run.exitCode(), err, verbose);
        }
        err.println("flux: internal error: " + e
            + (verbose ? "" : " (run with --verbose for the stack trace)"));
        if (verbose) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.FAILURE;
    }

    /** An expected failure: {@code message} as is, the cause's stack trace only when {@code verbose}. */
    public static int print(String message, Throwable cause, int exitCode, PrintWriter err, boolean verbose) {
        if (message != null) {
            err.println(message);
        }
        if (verbose && cause != null) {
            cause.printStackTrace(err);
        }
        err.flush();
        return exitCode;
    }
}
