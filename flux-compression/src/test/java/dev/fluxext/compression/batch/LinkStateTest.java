package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A connection compresses once its send queue stays backed up for a window, and holds on as {@link LinkState} says. */
class LinkStateTest {

    private static final long STEP = TimeUnit.MILLISECONDS.toNanos(LinkWatch.PERIOD_MILLIS);
    private static final long FULL = LinkState.BACKLOG_BYTES;

    private final LinkState link = new LinkState();
    private long now = 1_000_000_000L;

    /** Feeds {@code n} samples of {@code queued} bytes, one period apart; returns how many changed the decision. */
    private int feed(int n, long queued) {
        int changes = 0;
        for (int i = 0; i < n; i++) {
            now += STEP;
            changes += link.sample(queued, now) ? 1 : 0;
        }
        return changes;
    }

    @Test
    void startsRawAndStaysRawWhileTheQueueDrains() {
        assertFalse(link.binds());
        // Backed up in most samples, but it drains between them: a link that keeps up with bursts.
        for (int i = 0; i < 100; i++) {
            feed(LinkState.WINDOW - 1, 10 * FULL);
            feed(1, 0);
        }
        assertFalse(link.binds());
        feed(100, FULL - 1);
        assertFalse(link.binds());
    }

    @Test
    void compressesAfterAWholeWindowBackedUp() {
        assertEquals(0, feed(LinkState.WINDOW - 1, FULL));
        assertFalse(link.binds());
        assertEquals(1, feed(1, FULL));
        assertTrue(link.binds());
    }

    @Test
    void holdsForTheHoldTimeThenGoesRawOnceDrainedForAWindow() {
        feed(LinkState.WINDOW, FULL);
        long started = now;
        assertEquals(LinkState.MIN_HOLD_NANOS, link.holdNanos());
        // Drained at once (compressing relieved the link), but held.
        while (now - started < LinkState.MIN_HOLD_NANOS - STEP) {
            feed(1, 0);
            assertTrue(link.binds(), "held at " + (now - started) / STEP + " steps");
        }
        feed(2, 0);
        assertFalse(link.binds());
    }

    @Test
    void aQueueThatKeepsBackingUpKeepsItCompressingPastTheHold() {
        feed(LinkState.WINDOW, FULL);
        feed((int) (3 * LinkState.MIN_HOLD_NANOS / STEP), FULL);
        assertTrue(link.binds());
        // One drained sample in a backed-up queue is not a drained window.
        for (int i = 0; i < 50; i++) {
            feed(1, 0);
            feed(LinkState.WINDOW - 2, FULL);
        }
        assertTrue(link.binds());
    }

    @Test
    void backingUpSoonAfterGoingRawDoublesTheHoldUpToItsLimit() {
        long expected = LinkState.MIN_HOLD_NANOS;
        for (int round = 0; round < 12; round++) {
            feed(LinkState.WINDOW, FULL); // binds: compress
            assertTrue(link.binds());
            assertEquals(expected, link.holdNanos(), "round " + round);
            feed((int) (link.holdNanos() / STEP) + LinkState.WINDOW, 0); // relieved: raw after the hold
            assertFalse(link.binds());
            expected = Math.min(2 * expected, LinkState.MAX_HOLD_NANOS);
        }
        assertEquals(LinkState.MAX_HOLD_NANOS, expected);
        // Raw for long enough, then backed up: a new episode starts from the shortest hold.
        feed((int) (2 * LinkState.MAX_HOLD_NANOS / STEP), 0);
        feed(LinkState.WINDOW, FULL);
        assertEquals(LinkState.MIN_HOLD_NANOS, link.holdNanos());
    }

    @Test
    void alwaysBinds() {
        assertTrue(LinkState.ALWAYS.binds());
    }
}
