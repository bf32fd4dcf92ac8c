package dev.fluxext.compression.batch;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.tls.TlsKeys;
import java.util.Locale;
import java.util.Map;

/**
 * Which messages one compressed frame may hold ({@link BatchCompressionOptions#FRAMES}). Under TLS a frame that
 * compresses an attacker's tuples together with others' tells a length observer, by how well it shrinks, whether a
 * guess matched the others' content (CRIME; RFC 9114 section 10.6 asks for a separate compression context per source
 * of data). A source here is a task: the tuples a spout or bolt instance emits.
 */
enum FrameSharing {
    /** Any messages bundled for one worker, from any task (the most repeats to compress). */
    SHARED,
    /** Only messages from one source task; a bundle from several tasks goes as one frame per task. */
    PER_SOURCE,
    /** Each message in a frame of its own: compressed alone, as per-tuple compression does. */
    PER_MESSAGE;

    /** The option's value ({@code auto}, {@code shared}, {@code per-source}, {@code per-message}) in a worker's conf. */
    static FrameSharing resolve(String value, Map<String, Object> conf) {
        if ("auto".equals(value)) {
            return tlsOn(conf) ? PER_SOURCE : SHARED;
        }
        return valueOf(value.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** Whether the worker's Netty runs TLS: Storm's switch (a Boolean or its text, as Storm reads it), or fluxext's. */
    static boolean tlsOn(Map<String, Object> conf) {
        return "true".equalsIgnoreCase(String.valueOf(conf.get(TlsKeys.ENABLE))) || TlsKeys.configured(conf);
    }

    /**
     * The task that emitted a tuple, from the first varint of its serialized form (Storm's {@code
     * KryoTupleSerializer} writes the source task first); -1 if the payload does not start with one.
     */
    static int sourceTask(byte[] payload) {
        if (payload == null) {
            return -1;
        }
        long read = FrameFormat.readVarInt(payload, 0, payload.length);
        int task = read == -1 ? -1 : FrameFormat.varIntValue(read);
        return task < 0 ? -1 : task;
    }
}
