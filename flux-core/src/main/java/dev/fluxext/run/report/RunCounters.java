package dev.fluxext.run.report;

import dev.fluxext.describe.TopologyView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.storm.Config;
import org.apache.storm.executor.ExecutorShutdown;

/**
 * Exact per-component counts of one local run, kept by {@link CountingHook} in every task of the run's workers (all
 * in this JVM) and read by the progress lines and the summary. Storm's own statistics are exact only at
 * {@code topology.stats.sample.rate} 1.0, at which Storm recomputes its statistics windows on every tuple
 * ({@code BoltExecutorStats.calculateCapacity} took 27-39 % of all CPU of a local run); these cost an uncontended add
 * per event, so Storm's sampling stays at the user's setting. They count the events Storm's statistics count, as
 * Storm counts them at rate 1.0: system streams and components left out.
 *
 * <p>A remote run has no progress lines: its workers are other JVMs, so it installs no hook.
 */
public final class RunCounters implements AutoCloseable {

    /** Topology config key naming the run whose counters a task's hook adds to. */
    static final String RUN_KEY = "fluxext.run.counters";
    /** Storm's system streams and components start with it ({@code __ack_ack}, {@code __tick}, {@code __acker}). */
    private static final String SYSTEM = "__";
    private static final Map<String, RunCounters> RUNS = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();
    /** Every task's counters; a task prepared twice (a restarted worker) keeps adding to the totals. */
    private final Queue<TaskCounts> tasks = new ConcurrentLinkedQueue<>();
    /** The ports of the workers that have prepared their tasks, Storm's own included. */
    private final Set<Integer> workersUp = ConcurrentHashMap.newKeySet();
    private volatile boolean hasAckers;
    /** Orders the tasks' hook clean-ups: the last one on a thread names the executor that thread shuts down. */
    private final AtomicLong cleanups = new AtomicLong();

    private RunCounters() {
    }

    /** Adds the counting hook to {@code topologyConf} (after the topology's own hooks) for a new run's counters. */
    public static RunCounters install(Map<String, Object> topologyConf) {
        RunCounters run = new RunCounters();
        RUNS.put(run.id, run);
        Object hooks = topologyConf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS);
        List<Object> hookList = hooks instanceof List<?> list ? new ArrayList<>(list) : new ArrayList<>();
        hookList.add(CountingHook.class.getName());
        topologyConf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, hookList);
        topologyConf.put(RUN_KEY, run.id);
        return run;
    }

    /**
     * New counters for a task of {@code component} in run {@code runId}; null when nothing reads them: an unknown
     * (or closed) run, or one of Storm's system components.
     */
    static TaskCounts forTask(Object runId, String component, boolean hasAckers, int workerPort) {
        RunCounters run = runId == null ? null : RUNS.get(runId.toString());
        if (run == null) {
            return null;
        }
        run.workersUp.add(workerPort);
        run.hasAckers |= hasAckers;
        if (component.startsWith(SYSTEM)) {
            return null;
        }
        TaskCounts counts = new TaskCounts(run, component, hasAckers);
        run.tasks.add(counts);
        return counts;
    }

    /** Every component of {@code view}, in its order, with its totals so far. */
    public Map<String, ComponentStats> stats(TopologyView view) {
        Map<String, ComponentStats> stats = ComponentStats.none(view);
        for (TaskCounts task : tasks) {
            stats.computeIfPresent(task.component, (id, sum) -> new ComponentStats(id, sum.type(),
                sum.emitted() + task.emitted.sum(), sum.transferred() + task.transferred.sum(),
                sum.acked() + task.acked.sum(), sum.failed() + task.failed.sum(),
                sum.executed() + task.executed.sum(),
                sum.latency().plus(task.latencySamples.sum(), task.latencyMs.sum())));
        }
        return stats;
    }

    /** How many workers have prepared their tasks (a worker's tasks, Storm's included, prepare before it runs). */
    public int workersUp() {
        return workersUp.size();
    }

    /** The topology tracks tuple trees: its spouts' tuples are acked. */
    public boolean hasAckers() {
        return hasAckers;
    }

    /** How many tasks of the topology's own components have started. */
    public int tasks() {
        return tasks.size();
    }

    /**
     * Where the stop of the topology's tasks is. Storm's executor shutdown ({@code ExecutorShutdown.shutdown} in
     * 2.8.3) calls its tasks' hooks' {@code cleanup()}, then their bolts' {@code cleanup()} or spouts' {@code close()},
     * on the thread that shuts the worker down, one executor after another: a task's {@code cleanup()} has run once
     * its hook's has and that thread has left the executor's shutdown or gone on to a later executor.
     */
    public CleanupState cleanup() {
        Map<Thread, TaskCounts> lastOnThread = new LinkedHashMap<>();
        int notStarted = 0;
        for (TaskCounts task : tasks) {
            Thread thread = task.stopper;
            if (thread == null) {
                notStarted++;
            } else {
                lastOnThread.merge(thread, task, (a, b) -> a.stopOrder > b.stopOrder ? a : b);
            }
        }
        List<String> running = new ArrayList<>();
        lastOnThread.forEach((thread, task) -> {
            if (inExecutorShutdown(thread)) {
                running.add(task.component);
            }
        });
        return new CleanupState(notStarted, running.stream().distinct().sorted().toList());
    }

    private static boolean inExecutorShutdown(Thread thread) {
        return thread.isAlive() && Arrays.stream(thread.getStackTrace()).anyMatch(frame ->
            frame.getClassName().equals(ExecutorShutdown.class.getName()) && frame.getMethodName().equals("shutdown"));
    }

    /**
     * @param notStarted tasks whose executor's shutdown has not begun
     * @param running    components whose executor's shutdown, their {@code cleanup()} or {@code close()}, runs now
     */
    public record CleanupState(int notStarted, List<String> running) {

        public boolean done() {
            return notStarted == 0 && running.isEmpty();
        }

        /** What is still stopping, for the line that says the wait for it ended. */
        public String describe() {
            List<String> parts = new ArrayList<>();
            if (!running.isEmpty()) {
                parts.add("still in its cleanup() or close(): " + String.join(", ", running.stream()
                    .map(c -> "'" + c + "'").toList()));
            }
            if (notStarted > 0) {
                parts.add(notStarted + " task" + (notStarted == 1 ? "" : "s") + " not yet stopped");
            }
            return String.join("; ", parts);
        }
    }

    /** Hooks of this run count nothing from now on (a run's workers may outlive it briefly). */
    @Override
    public void close() {
        RUNS.remove(id);
    }

    /**
     * One task's counters, written by its executor's thread, read by the runner's: adders, so a read never sees a
     * torn value and a write is not a contended atomic. Each method counts what Storm's executor statistics count
     * for the same event.
     */
    static final class TaskCounts {

        private final RunCounters run;
        private final String component;
        private final boolean hasAckers;
        /** The thread shutting the task's executor down, once its hook's cleanup ran; in what order that was. */
        private volatile Thread stopper;
        private volatile long stopOrder;
        private final LongAdder emitted = new LongAdder();
        private final LongAdder transferred = new LongAdder();
        private final LongAdder acked = new LongAdder();
        private final LongAdder failed = new LongAdder();
        private final LongAdder executed = new LongAdder();
        private final LongAdder latencySamples = new LongAdder();
        private final LongAdder latencyMs = new LongAdder();

        private TaskCounts(RunCounters run, String component, boolean hasAckers) {
            this.run = run;
            this.component = component;
            this.hasAckers = hasAckers;
        }

        /** An emit on {@code stream} to {@code targets} tasks (a direct emit to no consumer: 0 targets). */
        void emitted(String stream, int targets) {
            if (!stream.startsWith(SYSTEM)) {
                emitted.increment();
                transferred.add(targets);
            }
        }

        /**
         * A spout's tuple tree completed; Storm counts it only when ackers tracked the tree. {@code latencyMs}: its
         * complete latency if Storm sampled it, else null.
         */
        void spoutAcked(Long latencyMs) {
            if (hasAckers) {
                acked.increment();
                if (latencyMs != null) {
                    latencySamples.increment();
                    this.latencyMs.add(latencyMs);
                }
            }
        }

        /** A spout's tuple tree failed or timed out. */
        void spoutFailed() {
            failed.increment();
        }

        void boltExecuted(String sourceComponent, String sourceStream) {
            if (user(sourceComponent, sourceStream)) {
                executed.increment();
            }
        }

        void boltAcked(String sourceComponent, String sourceStream) {
            if (user(sourceComponent, sourceStream)) {
                acked.increment();
            }
        }

        void boltFailed(String sourceComponent, String sourceStream) {
            if (user(sourceComponent, sourceStream)) {
                failed.increment();
            }
        }

        /** The task's executor is shutting down: its component's cleanup() or close() follows on this thread. */
        void stopping() {
            stopOrder = run.cleanups.incrementAndGet();
            stopper = Thread.currentThread();
        }

        private static boolean user(String sourceComponent, String sourceStream) {
            return !sourceComponent.startsWith(SYSTEM) && !sourceStream.startsWith(SYSTEM);
        }
    }
}
