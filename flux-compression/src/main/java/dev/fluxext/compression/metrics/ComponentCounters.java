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

    public void compressed(int in, int out, long spentNanos) {
        tuplesCompressed.increment();
        bytesIn.add(in);
        bytesOut.add(out);
        nanos.add(spentNanos);
    }

    public void raw(int in, int out, long spentNanos) {
        tuplesRaw.increment();
        bytesIn.add(in);
        bytesOut.add(out);
        if (spentNanos != 0) {
            nanos.add(spentNanos);
        }
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
