package dev.fluxext.compression.batch;

import dev.fluxext.compression.batch.SendQueues.Peer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Samples the send queues of the connections that compress only while their link binds ({@code when: backlogged}),
 * on one daemon thread per worker, every {@link #PERIOD_MILLIS} ms while any is open (longer on a host whose tables
 * are slow to read, see {@link #periodAfter}), and feeds each sample to the connection's {@link LinkState}. Where the
 * queues cannot be read (not Linux, an unresolvable peer), a connection compresses always, and the worker says so
 * once.
 */
final class LinkWatch {

    private static final Logger LOG = LoggerFactory.getLogger(LinkWatch.class);

    /** The shortest period, 200 ms: a link that binds is then found within a second. */
    static final long PERIOD_MILLIS = 200;
    /**
     * The sampler's share of one core, at most: each read of a table walks the kernel's whole connection hash table,
     * milliseconds even on an idle host, more with thousands of sockets (docs/compression-internals.md, "When a
     * connection compresses: the link sampler").
     */
    static final int MAX_SHARE_PERCENT = 1;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final LinkWatch WORKER = new LinkWatch(SendQueues.TABLES);

    private final List<Path> tables;
    /**
     * The tables the next round reads: each read walks the kernel's whole connection hash table, milliseconds even on
     * an idle host, so a table that holds none of the watched connections is not read again while all are found.
     */
    private volatile List<Path> reading;
    private final Map<Watched, Boolean> watched = new ConcurrentHashMap<>();
    private ScheduledExecutorService sampler;
    private volatile long periodMillis = PERIOD_MILLIS;
    /** The last rounds' read times: the period follows the fastest, so one slow read (a cold JVM, a GC) is not it. */
    private final long[] readNanos = new long[4];
    private int next;
    private boolean warned;

    LinkWatch(List<Path> tables) {
        this.tables = tables;
        this.reading = tables;
    }

    /** The worker's watch. */
    static LinkWatch worker() {
        return WORKER;
    }

    /** A connection to {@code host:port} to watch, until {@link #forget}; {@link LinkState#ALWAYS} if it cannot be. */
    LinkState watch(String host, int port, String name) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            warnOnce("cannot resolve " + host + " (" + e.getMessage() + ")");
            return LinkState.ALWAYS;
        }
        if (!SendQueues.available(tables)) {
            warnOnce("no send queues to read (" + tables.get(0) + ": Linux only)");
            return LinkState.ALWAYS;
        }
        Watched link = new Watched(Peer.of(address, port), name);
        watched.put(link, Boolean.TRUE);
        synchronized (this) {
            if (sampler == null) {
                sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread thread = new Thread(r, "fluxext-link-watch");
                    thread.setDaemon(true);
                    return thread;
                });
                ScheduledExecutorService mine = sampler;
                mine.schedule(() -> round(mine), PERIOD_MILLIS, TimeUnit.MILLISECONDS);
            }
        }
        return link;
    }

    void forget(LinkState link) {
        if (link instanceof Watched w) {
            watched.remove(w);
        }
        synchronized (this) {
            if (watched.isEmpty() && sampler != null) {
                sampler.shutdownNow();
                sampler = null;
            }
        }
    }

    /** The tables the next round reads. */
    List<Path> reading() {
        return reading;
    }

    /**
     * This thread's CPU time, kernel time included (what a read of the tables costs), or the clock where the JVM does
     * not measure it: the budget is CPU, and on a busy machine, where links bind, a read's wall time includes
     * waiting for a core.
     */
    private static long cpuNanos() {
        long cpu = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
        return cpu >= 0 ? cpu : System.nanoTime();
    }

    /** Whether the sampler thread runs (any connection watched). */
    synchronized boolean sampling() {
        return sampler != null;
    }

    /** The wait before the next round, after a round whose read took {@code readNanos} of CPU. */
    static long periodAfter(long readNanos) {
        return Math.max(PERIOD_MILLIS, TimeUnit.NANOSECONDS.toMillis(readNanos) * 100 / MAX_SHARE_PERCENT);
    }

    private void round(ScheduledExecutorService mine) {
        long start = cpuNanos();
        sampleAll();
        synchronized (this) {
            readNanos[next] = cpuNanos() - start;
            next = (next + 1) % readNanos.length;
            long took = Long.MAX_VALUE;
            for (long t : readNanos) {
                took = Math.min(took, t);
            }
            long period = periodAfter(took);
            // A sampler shut down (every connection closed) and started again runs its own rounds.
            if (sampler == mine) {
                if ((period > PERIOD_MILLIS) != (periodMillis > PERIOD_MILLIS)) {
                    LOG.info("batch compression: reading the send queues takes {} ms of CPU, sampling every {} ms",
                            TimeUnit.NANOSECONDS.toMillis(took), period);
                }
                periodMillis = period;
                mine.schedule(() -> round(mine), period, TimeUnit.MILLISECONDS);
            }
        }
    }

    /** One round: every watched connection gets a sample (0 when its peer has no established connection). */
    void sampleAll() {
        Set<Peer> peers = new HashSet<>();
        for (Watched w : watched.keySet()) {
            peers.add(w.peer);
        }
        if (peers.isEmpty()) {
            return;
        }
        Map<Peer, Long> queues = new HashMap<>();
        List<Path> holding = new ArrayList<>(tables.size());
        try {
            for (Path table : reading) {
                if (SendQueues.read(table, peers, queues)) {
                    holding.add(table);
                }
            }
            // Next round, only the tables that hold every watched connection (IPv6 sockets are in tcp6 only, IPv4
            // ones in tcp only); all of them while one is missing (connecting, or back under the other family).
            reading = queues.keySet().containsAll(peers) ? holding : tables;
        } catch (IOException | RuntimeException e) {
            // Keeps each connection's last decision; the next round tries again.
            LOG.debug("Reading the send queues failed", e);
            return;
        }
        long now = System.nanoTime();
        for (Watched w : watched.keySet()) {
            long queued = queues.getOrDefault(w.peer, 0L);
            if (w.sample(queued, now)) {
                if (w.binds()) {
                    LOG.info("batch compression {}: {} KB unacknowledged for {} ms, compressing (for at least {} s)",
                            w.name, queued / 1024, LinkState.WINDOW * periodMillis,
                            TimeUnit.NANOSECONDS.toSeconds(w.holdNanos()));
                } else {
                    LOG.info("batch compression {}: the link keeps up, sending raw", w.name);
                }
            }
        }
    }

    private synchronized void warnOnce(String why) {
        if (!warned) {
            warned = true;
            LOG.warn("batch compression: compressing every bundle ({}): `when: backlogged` needs the send queues",
                    why);
        }
    }

    /** A watched connection: its decision and what to read for it. */
    private static final class Watched extends LinkState {
        final Peer peer;
        final String name;

        Watched(Peer peer, String name) {
            this.peer = peer;
            this.name = name;
        }
    }
}
