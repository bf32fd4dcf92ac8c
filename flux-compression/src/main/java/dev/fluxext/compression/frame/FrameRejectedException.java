package dev.fluxext.compression.frame;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A received frame that is not accepted: over the decompression cap, lying about its length, truncated, corrupt or
 * of an unknown format. Its cause is an {@link IOException} on purpose: Storm 2.8's Netty server handler swallows
 * exceptions caused by an {@code IOException} (closing the connection) where any other exception halts the worker.
 */
public final class FrameRejectedException extends UncheckedIOException {

    public FrameRejectedException(String message) {
        super(message, new IOException(message));
    }

    public FrameRejectedException(String message, Throwable cause) {
        super(message, new IOException(message, cause));
    }
}
