package dev.fluxext.compression.guard;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs rejected frames at most once per {@link #INTERVAL_NANOS}, with the number rejected since the last line. */
public final class RejectLog {

    static final long INTERVAL_NANOS = 10_000_000_000L;
    /**
     * Named as before the receive guard had a package of its own: operators' log settings and alerts on rejected
     * frames may name it.
     */
    private static final Logger LOG = LoggerFactory.getLogger("dev.fluxext.compression.storm.RejectLog");
    private static final AtomicLong NEXT_LOG = new AtomicLong(System.nanoTime() - INTERVAL_NANOS);
    private static final AtomicLong UNLOGGED = new AtomicLong();

    private RejectLog() {
    }

    /** @param sender the sending component, or the connection a batch frame came in on */
    public static void record(String sender, String message) {
        UNLOGGED.incrementAndGet();
        long now = System.nanoTime();
        long next = NEXT_LOG.get();
        if (now - next >= 0 && NEXT_LOG.compareAndSet(next, now + INTERVAL_NANOS)) {
            LOG.error("Rejected {} frame(s) since the last report; latest from '{}': {}",
                    UNLOGGED.getAndSet(0), sender, message);
        }
    }
}
