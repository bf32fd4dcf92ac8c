package dev.fluxext.reflect;

import java.util.OptionalInt;

/**
 * Why a class could not be found, an object created or a method called, in words for the YAML's author.
 * {@link #argument()} is the 0-based index of the argument at fault when one is (so the error can point at it).
 */
public final class ReflectException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int argument;

    public ReflectException(String message) {
        this(message, -1, null);
    }

    public ReflectException(String message, int argument, Throwable cause) {
        super(message, cause, false, false);
        this.argument = argument;
    }

    public OptionalInt argument() {
        return argument < 0 ? OptionalInt.empty() : OptionalInt.of(argument);
    }
}
