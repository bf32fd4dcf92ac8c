package dev.fluxext.compression.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * The live counters of one connection of the batch-compressing transport. Sizes count what Netty puts on the wire
 * for a message, its 6-byte header included: {@code bytesBefore} is what the bundled messages would have taken,
 * {@code bytesAfter} what their frame took. {@code skipped} counts the frames among {@code batches} sent raw without
 * calling the codec (bundle too small, a connection whose bundles do not shrink or whose link keeps up, counting a
 * large message sent on its own then as a frame of one).
 */
public final class BatchCounters {

    private final LongAdder batches = new LongAdder();
    private final LongAdder messages = new LongAdder();
    private final LongAdder bytesBefore = new LongAdder();
    private final LongAdder bytesAfter = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder nanos = new LongAdder();
    private final LongAdder skipped = new LongAdder();

    BatchCounters() {
    }

    public void sent(int frames, int messageCount, long before, long after, long spentNanos) {
        batches.add(frames);
        messages.add(messageCount);
        bytesBefore.add(before);
        bytesAfter.add(after);
        nanos.add(spentNanos);
    }

    public void rejected() {
        rejected.increment();
    }

    /** A frame about to be sent raw without calling the codec (counted in {@link #sent} as well, with its bundle). */
    public void skipped() {
        skipped.increment();
    }

    /** {@code frames} sent raw without calling the codec. */
    public void skipped(int frames) {
        skipped.add(frames);
    }

    public long skippedCount() {
        return skipped.sum();
    }

    public long batches() {
        return batches.sum();
    }

    public long messages() {
        return messages.sum();
    }

    public long bytesBefore() {
        return bytesBefore.sum();
    }

    public long bytesAfter() {
        return bytesAfter.sum();
    }

    public long rejectedCount() {
        return rejected.sum();
    }

    public long nanos() {
        return nanos.sum();
    }

    BatchSnapshot snapshot() {
        return new BatchSnapshot(batches(), messages(), bytesBefore(), bytesAfter(), rejectedCount(), nanos(),
                skippedCount());
    }
}
