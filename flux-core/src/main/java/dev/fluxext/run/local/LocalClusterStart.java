package dev.fluxext.run.local;

import dev.fluxext.compression.storm.FreePorts;
import dev.fluxext.run.process.CliProcess;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.LocalCluster;
import org.apache.storm.metricstore.NoOpMetricStore;

/**
 * The local cluster of a run: how it is configured, and its start, which the CLI begins in the background while it
 * reads, checks and builds the topology (issue 37: ZooKeeper, Nimbus and two supervisors take about 2 s, mostly on
 * one thread, the file about 1 s on another; the machine has two cores).
 *
 * <p>Started ahead ({@link #begin}), the cluster has two supervisors with a worker slot each, enough for a topology
 * of one or two workers; one with more gets a third supervisor with the slots it lacks once its size is known.
 * Started when the run needs it ({@link #now}), it has {@code min(workers, 2)} supervisors with the slots split
 * between them. Either way the ports are a free block ({@link FreePorts}).
 */
public final class LocalClusterStart {

    /**
     * How long a run's stop waits for its tasks' cleanup() and close() once the topology is killed, before it ends
     * anyway; the daemons' Netty flush timeout is the same (see {@link #LOCAL_DAEMON_CONF}).
     */
    public static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(10);

    /**
     * The daemons' config over Storm's: workers exchange tuples over Netty ({@code storm.local.mode.zmq}), and
     * report executor stats to Nimbus every second (Storm's default is every 60 s). The builder takes this map whole
     * (its {@code withDaemonConf(Map)} replaces what was set before). Then what a cluster that lives in one process
     * for one run does without (each checked in Storm 2.8.3's source):
     * <ul>
     * <li>the metrics store: Nimbus keeps workers' metrics in RocksDB for the UI, which a local run has not;
     *     RocksDB costs a 15 MB native library extracted to the temp directory and its start;</li>
     * <li>the supervisors' pause between asking a worker to stop and forcing it (3 s each, twice in a row on a
     *     two-worker run): in-process workers have stopped when the call returns, and the force-kill loop that
     *     follows checks every 100 ms;</li>
     * <li>a blob store (and three ZooKeeper sessions) of each supervisor's own for every blob it reads: they read
     *     through Nimbus's ({@link SharedNimbusBlobStore});</li>
     * <li>a second between looks at a closing Netty client's unsent messages: Storm derives the pause from the
     *     flush timeout (0.16 % of it: 960 ms of the default 10 min), and the first worker to stop waits it out
     *     once. The run's stop waits {@link #CLEANUP_TIMEOUT} for its tasks anyway: the same timeout here makes
     *     the pause 16 ms.</li>
     * </ul>
     * Storm's {@code LocalCluster} already polls assignments every second (Nimbus and supervisors). A blob's first
     * download, committed only once the slots that wait for it have acknowledged it (a second's wait for each), is
     * made ahead of the slots ({@link BlobPrefetch}). The other waits before the first tuple are fixed in Storm's
     * code (2.8.3): an empty slot sleeps 1 s before it looks at its assignment again ({@code Slot.handleEmpty}); a
     * worker starts its executors only after checking that its connections are ready, a check queued on a timer
     * whose thread, idle until then, looks at its queue once a second ({@code StormTimer}: about 1 s after the
     * worker's start, whatever the transport; {@code WorkerState.activateWorkerWhenAllConnectionsReady}).
     */
    private static final Map<String, Object> LOCAL_DAEMON_CONF = Map.of(
        Config.STORM_LOCAL_MODE_ZMQ, true,
        Config.EXECUTOR_METRICS_FREQUENCY_SECS, 1,
        DaemonConfig.STORM_METRIC_STORE_CLASS, NoOpMetricStore.class.getName(),
        Config.SUPERVISOR_WORKER_SHUTDOWN_SLEEP_SECS, 0,
        Config.STORM_MESSAGING_NETTY_FLUSH_TIMEOUT_MS, CLEANUP_TIMEOUT.toMillis(),
        DaemonConfig.NIMBUS_BLOBSTORE, SharedNimbusBlobStore.class.getName());

    /** Supervisors (of one slot each) a cluster started ahead has. */
    private static final int AHEAD = 2;

    /** The cluster started ahead and not yet taken by a run; at most one per class loader. */
    private static LocalClusterStart ahead;

    private final CompletableFuture<LocalCluster> cluster;
    private final int firstPort;

    private LocalClusterStart(CompletableFuture<LocalCluster> cluster, int firstPort) {
        this.cluster = cluster;
        this.firstPort = firstPort;
    }

    /**
     * Starts a cluster on a thread of its own, for the next {@link #take}. Only in the CLI's process
     * ({@link CliProcess#claimed}), which ends with the command whatever happens: a file with errors leaves the
     * cluster unused, and the process's end takes it along.
     */
    public static synchronized void begin() {
        if (ahead != null || !CliProcess.claimed()) {
            return;
        }
        int firstPort;
        try {
            firstPort = FreePorts.consecutive(AHEAD);
        } catch (RuntimeException e) {
            return; // the run looks again, and says why it cannot start
        }
        CompletableFuture<LocalCluster> started = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                started.complete(build(AHEAD, 1, firstPort));
            } catch (Throwable e) {
                started.completeExceptionally(e);
            }
        }, "flux-cluster-start");
        // Storm looks classes and services up through the context loader: the one that holds Storm here.
        thread.setContextClassLoader(LocalClusterStart.class.getClassLoader());
        thread.setDaemon(true);
        thread.start();
        ahead = new LocalClusterStart(started, firstPort);
    }

    /** The cluster started ahead, if one was and no run has taken it yet. */
    public static synchronized Optional<LocalClusterStart> take() {
        Optional<LocalClusterStart> taken = Optional.ofNullable(ahead);
        ahead = null;
        return taken;
    }

    /** A cluster for {@code workers} workers, started now. */
    public static LocalCluster now(int workers) throws Exception {
        int supervisors = supervisors(workers);
        int portsPerSupervisor = (workers + supervisors - 1) / supervisors;
        return build(supervisors, portsPerSupervisor, freePorts(supervisors * portsPerSupervisor));
    }

    /** How many supervisors a cluster for {@code workers} workers has, started now or ahead. */
    public static int supervisors(int workers, boolean startedAhead) {
        return startedAhead ? AHEAD + (workers > AHEAD ? 1 : 0) : supervisors(workers);
    }

    /** How many worker slots a cluster for {@code workers} workers has, started now or ahead. */
    public static int slots(int workers, boolean startedAhead) {
        if (startedAhead) {
            return Math.max(AHEAD, workers);
        }
        int supervisors = supervisors(workers);
        return supervisors * ((workers + supervisors - 1) / supervisors);
    }

    /**
     * Waits for the cluster started ahead and gives it the slots {@code workers} workers need.
     *
     * @throws Exception what the start threw
     */
    public LocalCluster await(int workers) throws Exception {
        LocalCluster started;
        try {
            started = cluster.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
        if (workers > AHEAD) {
            int more = workers - AHEAD;
            // LocalCluster numbers the new slots on from the last one.
            if (!FreePorts.free(firstPort + AHEAD, more)) {
                throw new RunException(ExitCodes.FAILURE, "flux: the " + more + " ports from " + (firstPort + AHEAD)
                    + " on, for the local cluster's workers, are in use; run again (a new block is chosen)");
            }
            started.addSupervisor(more);
        }
        return started;
    }

    private static int supervisors(int workers) {
        return Math.min(workers, AHEAD);
    }

    private static LocalCluster build(int supervisors, int portsPerSupervisor, int firstPort) throws Exception {
        // Storm's hooks for tests, used for speed: the resources lookup once per JVM, throwaway ZooKeeper clients
        // closed in the background (0.5 s of this start, 0.1 s of each worker's), Storm's configuration read once.
        ResourcesJarLookup.install();
        ThrowawayZooKeeperClients.install();
        CachedStormConfig.install();
        return new LocalCluster.Builder()
            .withSupervisors(supervisors)
            .withPortsPerSupervisor(portsPerSupervisor)
            .withSupervisorSlotPortMin(firstPort)
            .withDaemonConf(LOCAL_DAEMON_CONF)
            .build();
    }

    /** {@link FreePorts#consecutive}, failing as a run does: the messages a user saw before it moved. */
    private static int freePorts(int count) {
        try {
            return FreePorts.consecutive(count);
        } catch (IllegalStateException e) {
            throw new RunException(ExitCodes.FAILURE, "flux: " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new RunException(ExitCodes.FAILURE, "flux: " + e.getMessage(), e.getCause());
        }
    }
}
