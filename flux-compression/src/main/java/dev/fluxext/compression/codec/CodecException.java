package dev.fluxext.compression.codec;

/** Malformed compressed input, or output that would not fit; carries the underlying library's message. */
public final class CodecException extends RuntimeException {

    public CodecException(String message) {
        super(message);
    }

    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
