package dev.fluxext.reflect;

import java.util.OptionalInt;

/**
 * Why a class could not be found, an object created or a method called, in words for the YAML's author.
 * {@link #argument()} is the 0-based index of the argument at fault when one is (so the error can point at it).
 */
public final class ReflectException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int argument;
    private final boolean packageMissing;

    public ReflectException(String message) {
        this(message, -1, null);
    }

    public ReflectException(String message, int argument, Throwable cause) {
        this(message, argument, cause, false);
    }

    private ReflectException(String message, int argument, Throwable cause, boolean packageMissing) {
        super(message, cause, false, false);
        this.argument = argument;
        this.packageMissing = packageMissing;
    }

    /** A class not found because no class of its package is on the classpath: a missing jar, not a typo. */
    static ReflectException packageMissing(String message) {
        return new ReflectException(message, -1, null, true);
    }

    public boolean packageMissing() {
        return packageMissing;
    }

    public OptionalInt argument() {
        return argument < 0 ? OptionalInt.empty() : OptionalInt.of(argument);
    }
}
