package dev.fluxext.compression.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * The live counters of one component, shared by all its serializers in this JVM. {@link LongAdder}s keep the hot
 * path to an uncontended add when several executors of the component count at once.
 */
public final class ComponentCounters {

    private volatile String codec;
    private final LongAdder tuplesCompressed = new LongAdder();
    private final LongAdder tuplesRaw = new LongAdder();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder nanos = new LongAdder();

    ComponentCounters(String codec) {
        this.codec = codec;
    }

    void codec(String name) {
        this.codec = name;
    }

    /**
     * Tuples counted elsewhere first ({@code compressed} and {@code raw} of them, {@code in} bytes of values in
     * {@code out} bytes of frames), added at once: a sending thread adds up a batch's tuples in plain fields and
     * publishes them here once per batch, not per tuple.
     */
    public void add(long compressed, long raw, long in, long out) {
        if (compressed != 0) {
            tuplesCompressed.add(compressed);
        }
        if (raw != 0) {
            tuplesRaw.add(raw);
        }
        bytesIn.add(in);
        bytesOut.add(out);
    }

    /** Time a serializer spent compressing (counted for every attempt: it is time really spent). */
    public void spent(long spentNanos) {
        nanos.add(spentNanos);
    }

    public void rejected() {
        rejected.increment();
    }

    public long tuplesCompressed() {
        return tuplesCompressed.sum();
    }

    public long tuplesRaw() {
        return tuplesRaw.sum();
    }

    public long bytesIn() {
        return bytesIn.sum();
    }

    public long bytesOut() {
        return bytesOut.sum();
    }

    public long rejectedCount() {
        return rejected.sum();
    }

    public long nanos() {
        return nanos.sum();
    }

    CompressionSnapshot snapshot() {
        return new CompressionSnapshot(codec, tuplesCompressed.sum(), tuplesRaw.sum(), bytesIn.sum(), bytesOut.sum(),
                rejected.sum(), nanos.sum());
    }
}
