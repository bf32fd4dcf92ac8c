package dev.fluxext.reflect;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * Why a class could not be found, an object created or a method called, in words for the YAML's author.
 * {@link #argument()} is the 0-based index of the argument at fault when one is (so the error can point at it).
 */
public final class ReflectException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int argument;
    private final boolean packageMissing;
    private Optional<String> suggestion = Optional.empty();

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

    /** This exception proposing {@code replacement} (a class or method name) for the name it is about. */
    ReflectException suggesting(Optional<String> replacement) {
        this.suggestion = replacement;
        return this;
    }

    /** The name meant, when the message says "did you mean" one: for an editor's quick fix. */
    public Optional<String> suggestion() {
        return suggestion;
    }

    public OptionalInt argument() {
        return argument < 0 ? OptionalInt.empty() : OptionalInt.of(argument);
    }
}
