package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's sampler: it keeps sampling while connections are watched, and stays cheap where reads are slow. */
class LinkWatchTest {

    @Test
    void aSlowReadStretchesThePeriodToKeepTheSamplerUnderItsShareOfACore() {
        assertEquals(LinkWatch.PERIOD_MILLIS, LinkWatch.periodAfter(0));
        assertEquals(LinkWatch.PERIOD_MILLIS, LinkWatch.periodAfter(TimeUnit.MICROSECONDS.toNanos(300)));
        long slowRead = TimeUnit.MILLISECONDS.toNanos(8);
        long period = LinkWatch.periodAfter(slowRead);
        assertEquals(8 * 100 / LinkWatch.MAX_SHARE_PERCENT, period);
        assertTrue(TimeUnit.NANOSECONDS.toMillis(slowRead) * 100 <= period * LinkWatch.MAX_SHARE_PERCENT);
    }

    @Test
    void samplesAWatchedConnectionUntilItIsForgotten(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("tcp");
        Path other = dir.resolve("tcp6");
        Files.writeString(other, "  sl  local_address rem_address   st tx_queue rx_queue\n");
        int port = 6700;
        String peer = (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN ? "0100007F" : "7F000001")
                + String.format(":%04X", port);
        String backedUp = String.format("%08X", 4 * LinkState.BACKLOG_BYTES);
        Files.writeString(table, "  sl  local_address rem_address   st tx_queue rx_queue\n"
                + "   0: 0100007F:9C40 " + peer + " 01 " + backedUp + ":00000000 00:00000000 00000000 0 0 1\n");
        LinkWatch watch = new LinkWatch(List.of(table, other));
        LinkState link = watch.watch("127.0.0.1", port, "-> 127.0.0.1:" + port);
        try {
            assertFalse(link.binds(), "starts raw");
            assertTrue(watch.sampling());
            // A whole window of backed-up samples takes WINDOW rounds: the sampler keeps going by itself.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!link.binds() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(link.binds(), "compressing once its queue stayed backed up for a window");
            assertEquals(List.of(table), watch.reading(), "the table without the connection is no longer read");
            // The connection gone from it (reconnecting): every table is read again.
            Files.writeString(table, "  sl  local_address rem_address   st tx_queue rx_queue\n");
            while (watch.reading().size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(List.of(table, other), watch.reading());
        } finally {
            watch.forget(link);
        }
        assertFalse(watch.sampling(), "no thread once no connection is watched");
    }

    @Test
    void withoutTablesAConnectionCompressesAlways(@TempDir Path dir) {
        LinkWatch watch = new LinkWatch(List.of(dir.resolve("no-such-table")));
        assertSame(LinkState.ALWAYS, watch.watch("127.0.0.1", 6700, "-> 127.0.0.1:6700"));
    }
}
