package dev.fluxext.run;

import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.run.local.BlobPrefetch;
import dev.fluxext.run.local.LocalClusterStart;
import dev.fluxext.run.process.CliProcess;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import dev.fluxext.run.report.ComponentStats;
import dev.fluxext.run.report.CompressionFigures;
import dev.fluxext.run.report.Progress;
import dev.fluxext.run.report.RunCounters;
import dev.fluxext.run.report.StartState;
import dev.fluxext.run.report.Summary;
import dev.fluxext.tls.TlsFailures;
import dev.fluxext.tls.TlsKeys;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.ProcessSimulator;
import org.apache.storm.daemon.Shutdownable;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.ObjectReader;

/**
 * Runs a topology on an in-process Storm cluster whose workers talk over Netty, printing progress until the
 * duration ends or the JVM is asked to stop (Ctrl-C / SIGTERM); then it kills the topology, waits (bounded) for every
 * task's cleanup() or close() as Storm's local mode guarantees, and prints the summary. In the CLI's process
 * ({@link CliProcess#claimed}) the process then ends, cluster and all ({@link CliProcess#end}); called in-process
 * otherwise, it stops the cluster.
 *
 * <p>A signal starts JVM shutdown; our hook turns it into an orderly stop of the main thread, waits for it and
 * halts with the run's status, so that Ctrl-C is a normal end (exit 0) rather than 130, and a Storm shutdown
 * that hangs cannot keep the process alive.
 */
final class LocalRunner {

    /** How long Storm may take to kill the topology and stop its daemons before we force the exit. */
    static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(60);

    /** How long the tasks' cleanup() and close() may take once the topology is killed, before the run ends anyway. */
    private static final Duration CLEANUP_TIMEOUT = LocalClusterStart.CLEANUP_TIMEOUT;

    /** How often the stop of the tasks is looked at. */
    private static final Duration CLEANUP_POLL = Duration.ofMillis(20);

    /**
     * How often the start is looked at until the first tuple is acked, so each step shows when it happens: this
     * run's counters (in this JVM, cheap) every {@code START_POLL}, Nimbus's view of the topology every
     * {@code START_INFO_POLL}.
     */
    private static final Duration START_POLL = Duration.ofMillis(50);
    private static final Duration START_INFO_POLL = Duration.ofMillis(200);

    /**
     * The last look at Nimbus (the summary's uptime, workers and component errors) starts this much before the
     * duration's end at most, as long before it as the look before took, so that it ends with the duration instead of
     * after it (0.1-0.2 s at a run's end: about 20 ZooKeeper reads on a machine the topology keeps busy). The
     * topology still runs the whole duration: it is killed at the end, and the summary's counts are read after.
     */
    private static final Duration LAST_LOOK_LEAD_MAX = Duration.ofMillis(500);

    private final String name;
    /** The name as printed: values substituted from the environment masked ({@link SecretsOption}). */
    private final String shownName;
    private final StormTopology topology;
    private final Map<String, Object> config;
    /** The components progress lines and the summary list, in flow order. */
    private final TopologyView view;
    private final Optional<Duration> duration;
    private final Duration interval;
    private final PrintWriter out;
    private final SummaryWriter summaryWriter;

    /** This run's exact counts (Storm's sampling stays at the topology's setting). */
    private RunCounters counters;

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean signalled;
    /**
     * The topology ran, was killed and its summary printed; only the cluster's shutdown is left. Storm 2.8 can end the process then (a
     * worker's halting timer rescheduling after its shutdown stopped it: "Timer is not active", exit 20) from a
     * thread that shutdown then waits for: waiting for the main thread would hang until the timeout.
     */
    private volatile boolean runEnded;
    /** A component failed and Storm is exiting the JVM: the cluster is not stopped. */
    private boolean dying;
    /** Why the JVM began to shut down during the run: a signal, or Storm exiting it (null: it did not). */
    private volatile ExitCause exitCause;
    /** What Storm logged as errors during the run: the reason when Storm ends it. */
    private StormErrors stormErrors;
    private volatile int exitCode = ExitCodes.FAILURE;
    /** What the start last waited for (null before the first look): a run that ends before its workers are up ran nothing. */
    private StartState startState;
    /** The supervisors' fetch of the topology's blobs ahead of their slots, released once the workers are up. */
    private Optional<BlobPrefetch> prefetch = Optional.empty();

    /** Receives the final statistics (e.g. to write --summary-json). */
    interface SummaryWriter {
        void write(String topology, long uptimeSecs, Map<String, ComponentStats> components,
                   Map<String, CompressionSnapshot> compression, Map<String, BatchSnapshot> batches);
    }

    LocalRunner(String name, String shownName, StormTopology topology, Map<String, Object> config, TopologyView view,
                Optional<Duration> duration, Duration interval, PrintWriter out, SummaryWriter summaryWriter) {
        this.name = name;
        this.shownName = shownName;
        this.topology = topology;
        this.config = config;
        this.view = view;
        this.duration = duration;
        this.interval = interval;
        this.out = out;
        this.summaryWriter = summaryWriter;
    }

    int run() throws Exception {
        Thread hook = new Thread(this::onSignal, "flux-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            exitCode = runCluster();
            return exitCode;
        } finally {
            finished.countDown();
            // In the CLI's process the hook stays once the run has ended: the workers' shutdown threads still run,
            // and Storm may exit the JVM from one of them (exit 20, "Timer is not active") while the process ends.
            if (!signalled && !(runEnded && CliProcess.claimed())) {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        }
    }

    private int runCluster() throws Exception {
        Map<String, Object> conf = new HashMap<>(config);
        counters = RunCounters.install(conf);
        stormErrors = StormErrors.watch();
        int workers = Math.max(1, ObjectReader.getInt(conf.get(Config.TOPOLOGY_WORKERS), 1));
        Optional<LocalClusterStart> ahead = LocalClusterStart.take();
        int supervisors = LocalClusterStart.supervisors(workers, ahead.isPresent());
        int slots = LocalClusterStart.slots(workers, ahead.isPresent());
        out.printf("flux: starting a local Storm cluster (%d supervisor%s, %d worker slot%s, Netty between workers)...%n",
            supervisors, supervisors == 1 ? "" : "s", slots, slots == 1 ? "" : "s");
        LocalCluster cluster;
        try {
            cluster = ahead.isPresent() ? ahead.get().await(workers) : LocalClusterStart.now(workers);
        } catch (RunException e) {
            throw e;
        } catch (Exception e) {
            throw new RunException(ExitCodes.FAILURE, "flux: the local Storm cluster did not start: " + e
                + " (details in the Storm log)", e);
        }
        try {
            if (stopRequested.getCount() == 0) {
                return ExitCodes.OK;
            }
            // Compression counters are JVM-wide: count this run only.
            CompressionMetrics.reset();
            BatchMetrics.reset();
            TlsFailures.reset();
            try {
                cluster.submitTopology(name, conf, topology);
            } catch (InvalidTopologyException e) {
                throw new RunException(ExitCodes.INVALID_TOPOLOGY, "flux: Storm rejected the topology: " + e.get_msg(), e);
            }
            out.println(submittedLine(shownName, workers, duration));
            out.flush();
            prefetch = BlobPrefetch.start(cluster, name);
            TopologyInfo last = report(cluster, workers);
            long lastUptime = last == null ? 0 : last.get_uptime_secs();
            List<String> failures = Summary.componentErrors(last);
            boolean stormExits = exitCause != null && exitCause.byCode();
            if (stormExits || signalled && !failures.isEmpty()) {
                // Storm exits the JVM when a component dies (its executor's error handler) or a worker cannot start
                // (its supervisor's slot); its worker's shutdown would wait for the thread that is exiting, so the
                // topology and cluster are left to the exit.
                dying = true;
            } else {
                stopTopology(cluster);
            }
            Map<String, ComponentStats> finalStats = counters.stats(view);
            Map<String, CompressionSnapshot> compression = CompressionFigures.of(view, CompressionMetrics.snapshot());
            Map<String, BatchSnapshot> batches = BatchMetrics.snapshot();
            Summary.print(out, shownName, lastUptime, last, finalStats, compression, batches);
            summaryWriter.write(shownName, lastUptime, finalStats, compression, batches);
            failures.forEach(out::println);
            Optional<String> tlsFailed = tlsSummary(conf, stormExits);
            out.flush();
            if (dying) {
                out.println(stormEnded(stormExits));
                exitCode = ExitCodes.FAILURE;
                return exitCode;
            }
            // In a local run every worker is ours: one that could not reach another dropped the tuples it sent.
            // A run whose duration ended before its workers were up ran nothing, nor did one whose workers moved
            // no tuple: not a success either.
            Optional<String> failed = tlsFailed.or(() -> signalled ? Optional.empty()
                : notStarted().or(() -> nothingMoved(finalStats, lastUptime)));
            exitCode = failed.isPresent() ? ExitCodes.FAILURE : ExitCodes.OK;
            runEnded = true;
            if (CliProcess.claimed()) {
                // The topology's tasks have stopped; the process ends as soon as the command returns
                // (CliProcess.end), and the cluster's daemons with it: they hold nothing that outlives it.
                out.println(endLine(shownName));
                failed.ifPresent(out::println);
                return exitCode;
            }
            out.println(killedLine(shownName));
            failed.ifPresent(out::println);
            return exitCode;
        } finally {
            counters.close();
            if (!dying && !CliProcess.claimed()) {
                Thread watchdog = startWatchdog();
                out.println("flux: stopping the local cluster...");
                cluster.close();
                out.println("flux: local cluster stopped");
                watchdog.interrupt();
            }
        }
    }

    /**
     * Prints a progress line every interval until the duration is over or a stop is requested; returns the last info.
     * Until the first tuple is acked it looks every {@link #START_POLL} and prints what the run waits for as soon as
     * that changes, and at each interval instead of a report of zeros.
     */
    private TopologyInfo report(LocalCluster cluster, int workers) throws Exception {
        long started = System.nanoTime();
        Optional<Long> end = duration.map(d -> started + d.toNanos());
        Progress progress = new Progress(view, started);
        long nextLine = started + interval.toNanos();
        String shownState = "";
        boolean starting = true;
        TopologyInfo info = null;
        long infoAt = started - START_INFO_POLL.toNanos();
        long lookTook = 0;
        while (true) {
            long now = System.nanoTime();
            long until = starting ? Math.min(nextLine, now + START_POLL.toNanos()) : nextLine;
            long lead = Math.min(lookTook, LAST_LOOK_LEAD_MAX.toNanos());
            Optional<Long> lastLook = end.map(e -> e - lead);
            if (lastLook.isPresent()) {
                until = Math.min(until, lastLook.get());
            }
            boolean stop = stopRequested.await(Math.max(0, until - now), TimeUnit.NANOSECONDS);
            now = System.nanoTime();
            boolean ending = stop || lastLook.isPresent() && now >= lastLook.get();
            boolean fresh = ending || !starting || now - infoAt >= START_INFO_POLL.toNanos();
            if (fresh) {
                info = cluster.getTopologyInfoByName(name);
                infoAt = now;
                now = System.nanoTime();
                lookTook = now - infoAt;
            }
            if (ending) {
                if (!stop) {
                    stopRequested.await(Math.max(0, end.get() - now), TimeUnit.NANOSECONDS);
                }
                return info;
            }
            Map<String, ComponentStats> stats = counters.stats(view);
            boolean due = now >= nextLine;
            if (due) {
                nextLine += interval.toNanos() * ((now - nextLine) / interval.toNanos() + 1);
            }
            if (starting) {
                StartState state = startState(info, stats, workers);
                boolean print = printsState(state, shownState, due);
                if (!fresh && (print || due)) {
                    // A line to print: with Nimbus's view of now (its uptime, its assignment), not of up to
                    // START_INFO_POLL ago.
                    info = cluster.getTopologyInfoByName(name);
                    infoAt = System.nanoTime();
                    state = startState(info, stats, workers);
                    print = printsState(state, shownState, due);
                }
                startState = state;
                starting = !state.flowing();
                if (state.workersUp()) {
                    releasePrefetch(); // every slot holds the blobs now
                }
                if (print) {
                    out.println(progress.state(info, state.text()));
                    shownState = state.text();
                    if (due) {
                        printTlsFailures(); // a start that waits on connections that cannot handshake says why
                    }
                    continue;
                }
            }
            if (due) {
                out.println(progress.line(info, stats, now,
                    CompressionFigures.progress(CompressionMetrics.snapshot(), BatchMetrics.snapshot())));
                printTlsFailures();
            }
        }
    }

    /** The failure line of a run that ended while its workers were still starting, if it did. */
    private Optional<String> notStarted() {
        if (startState != null && startState.workersUp()) {
            return Optional.empty();
        }
        String last = startState == null ? "before Nimbus had assigned its workers" : "while " + startState.text();
        return Optional.of("flux: the run ended " + last + ": nothing ran; give the start more time with a longer "
            + "--duration");
    }

    /**
     * The run's failure paragraph when Storm ends the process: what failed, from the first error Storm logged (e.g.
     * a worker whose TLS password variable is not set), and who exits.
     */
    private String stormEnded(boolean stormExits) {
        String why = stormErrors.first().map(e -> "after this error: " + e).orElse("after an error");
        String who = stormExits ? exitCause.exitedBy().map(by -> " (" + by + ")").orElse("") : "";
        return "flux: the run failed: Storm ended the process" + who + " " + why + ". Nothing more runs; the stack "
            + "traces are in the Storm log";
    }

    /**
     * The failure line of a run whose workers were up but moved nothing, if it did: no spout emitted a tuple and no
     * bolt executed one during the whole run. A topology whose spouts wait for input that never came looks the same.
     */
    private Optional<String> nothingMoved(Map<String, ComponentStats> stats, long uptimeSecs) {
        boolean hasSpouts = stats.values().stream().anyMatch(ComponentStats::isSpout);
        long moved = stats.values().stream().mapToLong(s -> s.emitted() + s.executed() + s.acked()).sum();
        if (!hasSpouts || moved > 0) {
            return Optional.empty();
        }
        return Optional.of("flux: the run failed: nothing moved in " + uptimeSecs + " s: no spout emitted a tuple "
            + "and no bolt executed one. If the spouts wait for input that did not come (an empty queue or topic), "
            + "that is why; otherwise the Storm log says what the components did");
    }

    private void printTlsFailures() {
        String tls = TlsFailures.describe();
        if (!tls.isEmpty()) {
            out.println(" ".repeat(8) + tls);
        }
    }

    private StartState startState(TopologyInfo info, Map<String, ComponentStats> stats, int workers) {
        return StartState.of(info, counters.workersUp(), counters.hasAckers(), stats.values(), workers);
    }

    /** Until a tuple is emitted, the interval's line says what the run waits for, not a report of zeros. */
    private static boolean printsState(StartState state, String shownState, boolean due) {
        return !state.text().equals(shownState) || due && !state.emitted();
    }

    /**
     * The summary's TLS line when the topology uses worker TLS: the engine, and the failed connections by reason.
     *
     * @param stormExits Storm is ending the JVM: with no handshake seen, the line says none was made
     * @return the run's failure line when workers of this run could not connect to each other over TLS
     */
    private Optional<String> tlsSummary(Map<String, Object> conf, boolean stormExits) {
        if (!TlsKeys.configured(conf)) {
            return Optional.empty();
        }
        String failed = TlsFailures.describe();
        Set<String> negotiated = TlsFailures.negotiated();
        String suites = negotiated.isEmpty() ? "" : ", " + String.join(" and ", negotiated);
        out.println("  TLS between workers: engine " + TlsFailures.engine() + suites + ", host names not checked (the "
            + "truststore's CAs decide); "
            + (!failed.isEmpty() ? failed.substring("TLS: ".length())
                : stormExits && negotiated.isEmpty() ? "no connection made before Storm ended the workers"
                : "no failed connections"));
        long outgoing = TlsFailures.counted(false);
        return outgoing == 0 ? Optional.empty() : Optional.of("flux: workers of this run could not connect to each "
            + "other over TLS (" + outgoing + " times; reasons above, details in the Storm log): the tuples they sent "
            + "each other were lost");
    }

    /** The lines naming the topology take the name as printed ({@code shownName}), never the one Storm uses. */
    static String submittedLine(String shownName, int workers, Optional<Duration> duration) {
        return String.format("flux: topology '%s' submitted with %d worker%s; %s", shownName, workers,
            workers == 1 ? "" : "s", duration.map(d -> "running for " + d.toSeconds() + " s (Ctrl-C stops it)")
                .orElse("running until Ctrl-C"));
    }

    static String killedLine(String shownName) {
        return "flux: topology '" + shownName + "' killed";
    }

    static String endLine(String shownName) {
        return "flux: stopping: topology '" + shownName + "' and the local cluster end with the process";
    }

    /**
     * Kills the topology and waits, at most {@link #CLEANUP_TIMEOUT}, until every task of its components has run its
     * {@code cleanup()} or {@code close()}, as Storm guarantees in local mode; its counts are final then.
     *
     * <p>Storm's supervisors would stop the workers at their next look at the assignments (every second or more, one
     * worker after another); in the CLI's process every simulated worker is this run's, so they are shut down at
     * once ({@link #shutDownWorkers}), while Nimbus kills the topology (0.1 s). A supervisor that sees its worker gone
     * before the kill reaches it "relaunches" it, which in local mode does nothing ({@code LocalContainer.relaunch},
     * Storm 2.8.3), and then stops waiting for it once the assignment is removed. Called in-process, other clusters'
     * workers may share the JVM: the supervisors do it.
     */
    private void stopTopology(LocalCluster cluster) {
        out.println("flux: stopping topology '" + shownName + "': waiting for " + counters.tasks() + " tasks' "
            + "cleanup() or close() (at most " + CLEANUP_TIMEOUT.toSeconds() + " s)...");
        out.flush();
        long start = System.nanoTime();
        long deadline = start + CLEANUP_TIMEOUT.toNanos();
        releasePrefetch();
        if (CliProcess.claimed()) {
            shutDownWorkers();
        }
        try {
            cluster.killTopologyWithOpts(name, killNow());
        } catch (Exception e) {
            // Nimbus no longer has it (a run stopped while it was submitted): the workers stop all the same.
        }
        RunCounters.CleanupState state = counters.cleanup();
        while (!state.done() && System.nanoTime() < deadline) {
            try {
                Thread.sleep(CLEANUP_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            state = counters.cleanup();
        }
        if (state.done()) {
            out.printf("flux: topology '%s' stopped: its tasks' cleanup() and close() ran (%.1f s)%n", shownName,
                (System.nanoTime() - start) / 1e9);
        } else {
            out.println("flux: topology '" + shownName + "' did not stop within " + CLEANUP_TIMEOUT.toSeconds()
                + " s (" + state.describe() + "); the run ends anyway");
        }
        out.flush();
    }

    private void releasePrefetch() {
        prefetch.ifPresent(BlobPrefetch::release);
        prefetch = Optional.empty();
    }

    /**
     * Shuts down the simulated worker processes (Storm's way of stopping an in-process worker) all at once, each on
     * a thread of its own that a hanging {@code cleanup()} may keep. Storm's {@code ProcessSimulator.killProcess}
     * would take them one by one under its lock, and a worker's shutdown goes on for seconds after its executors
     * (its timers) before the next one's starts. Taking each out of the simulator's map first keeps a supervisor
     * that sees the kill from shutting it down a second time.
     */
    private static void shutDownWorkers() {
        Collection<Shutdownable> running = ProcessSimulator.getAllProcessHandles();
        for (Shutdownable worker : List.copyOf(running)) {
            if (running.remove(worker)) {
                Thread stopper = new Thread(() -> {
                    try {
                        worker.shutdown();
                    } catch (RuntimeException e) {
                        // A component's cleanup() threw (in the Storm log): Storm stops that worker's shutdown
                        // there, and the wait's line names what did not stop.
                    }
                }, "flux-stop-worker");
                stopper.setDaemon(true);
                stopper.start();
            }
        }
    }

    private static KillOptions killNow() {
        KillOptions options = new KillOptions();
        options.set_wait_secs(0);
        return options;
    }

    /**
     * Runs in the JVM's shutdown (Ctrl-C, SIGTERM, Storm's exit): stop the main thread's run, wait for its clean-up,
     * halt; once the run has ended, halt at once with its status.
     */
    private void onSignal() {
        if (!runEnded) {
            exitCause = ExitCause.now();
        }
        signalled = true;
        if (runEnded && CliProcess.claimed()) {
            // Storm exiting the JVM as the process ends: the run's status stands (end's lock lets one thread halt).
            CliProcess.end(exitCode);
        }
        out.println();
        boolean done = runEnded;
        if (done) {
            out.println("flux: the process was asked to end while the local cluster was stopping (by Storm, see its "
                + "log, or by a signal); the run had ended: exit " + exitCode);
        } else {
            out.println(exitCause.byCode()
                ? "flux: Storm is ending the process after an error; stopping the run..."
                : "flux: stopping (Ctrl-C or SIGTERM); killing the topology and stopping the local cluster...");
            stopRequested.countDown();
            try {
                done = finished.await(SHUTDOWN_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                done = false;
            }
            if (!done) {
                out.println("flux: Storm did not stop within " + SHUTDOWN_TIMEOUT.toSeconds() + " s; exiting anyway");
            }
        }
        out.flush();
        // Halting is the only way to choose the exit status once the JVM is shutting down.
        CliProcess.end(done ? exitCode : ExitCodes.FAILURE);
    }

    /** Forces the exit if Storm's shutdown hangs after a normal end (the signal path has its own timeout). */
    private Thread startWatchdog() {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(SHUTDOWN_TIMEOUT.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            out.println("flux: Storm did not stop within " + SHUTDOWN_TIMEOUT.toSeconds() + " s; exiting anyway");
            out.flush();
            CliProcess.end(ExitCodes.FAILURE);
        }, "flux-shutdown-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        return watchdog;
    }
}
