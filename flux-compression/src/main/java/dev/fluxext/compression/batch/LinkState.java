package dev.fluxext.compression.batch;

import java.util.concurrent.TimeUnit;

/**
 * Whether one connection's link binds, decided from samples of its send queue ({@link SendQueues}): the codec costs
 * CPU on every bundle and pays only where bytes are what holds tuples back. The link binds when the queue stayed at
 * {@link #BACKLOG_BYTES} or more for a whole {@link #WINDOW} of samples; it keeps up when the queue drains between
 * writes. Once compressing, a connection keeps compressing for a hold time even if its queue drains (compression
 * itself may be what made it drain), and goes raw once the hold is over and the queue stayed below
 * {@link #BACKLOG_BYTES} for a whole window; if the queue backs up again soon after it went raw, the hold doubles (up to
 * {@link #MAX_HOLD_NANOS}), so a link that binds raw but not compressed settles on compressing.
 * Sampled by {@link LinkWatch}'s thread, read by the writer: the decision is one volatile field.
 */
class LinkState {

    /** A connection that compresses whatever its link does ({@code when: always}, or no send queues to read). */
    static final LinkState ALWAYS = new LinkState() {
        @Override
        boolean binds() {
            return true;
        }
    };

    /**
     * 16 KiB not yet acknowledged: more than a fast local network holds in flight at the rates these links carry
     * (100 MB/s at a 0.1 ms round trip is 10 KB), a small part of what a shaped link's queue held in the benchmark
     * (raw events on 50 Mbit/s: 160-300 KB; plain loopback: 0 in most samples, docs/compression-internals.md).
     */
    static final long BACKLOG_BYTES = 16 * 1024;
    /** Consecutive samples that must all be backed up: one second at {@link LinkWatch#PERIOD_MILLIS}. */
    static final int WINDOW = 5;
    static final long MIN_HOLD_NANOS = TimeUnit.SECONDS.toNanos(10);
    static final long MAX_HOLD_NANOS = TimeUnit.MINUTES.toNanos(10);

    private volatile boolean binds;
    private int backedUp;
    private int drained;
    private long holdNanos = MIN_HOLD_NANOS;
    private long holdUntil;
    private long rawSince;
    private boolean wentRaw;

    /** Whether to run the codec on this connection's next bundle. */
    boolean binds() {
        return binds;
    }

    /**
     * Records one sample: {@code queued} bytes not yet acknowledged at {@code now} (nanoTime). Returns whether the
     * decision changed.
     */
    synchronized boolean sample(long queued, long now) {
        boolean full = queued >= BACKLOG_BYTES;
        backedUp = full ? backedUp + 1 : 0;
        drained = full ? 0 : drained + 1;
        if (!binds && backedUp >= WINDOW) {
            // Backed up again soon after going raw: compressing is what kept it from backing up.
            holdNanos = wentRaw && now - rawSince < 2 * holdNanos
                    ? Math.min(2 * holdNanos, MAX_HOLD_NANOS) : MIN_HOLD_NANOS;
            holdUntil = now + holdNanos;
            binds = true;
            return true;
        }
        if (binds && drained >= WINDOW && now - holdUntil >= 0) {
            binds = false;
            wentRaw = true;
            rawSince = now;
            return true;
        }
        return false;
    }

    /** The current hold, for the log line. */
    synchronized long holdNanos() {
        return holdNanos;
    }
}
