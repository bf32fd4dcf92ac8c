package dev.fluxext.examples.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.TopologySummary;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code flux submit --remote --jar} on a real multi-process Storm cluster ({@link StormCluster}: ZooKeeper,
 * Nimbus, a Supervisor with 2 slots, workers as their own processes), then a {@code kill -9} of a worker.
 *
 * <p>The topology is {@code topologies/accounted-paragraphs.yaml}: ids 0..{@value #IDS}-1 at
 * {@value #RATE}/s, zstd-compressed between the workers, written to ledgers in {@code target/}. The worker
 * killed is the one <em>without</em> the spout: its in-flight tuples time out and are replayed. (Killing the
 * spout's worker would lose its pending tuples: they live only in its memory, and the examples do not claim
 * otherwise.) Asserted: 2 worker processes, the spout's compression figures from the workers' metrics, the
 * supervisor starting a new worker process on the killed one's port, that process processing tuples, and
 * at-least-once: every id emitted is acked and seen by the sink with its checksum intact.
 *
 * <p>Everything stays under {@code target/real-cluster/RUN/} (daemon and worker logs, ledgers, metrics).
 */
class RealClusterIT {

    private static final long IDS = 2500;
    private static final int RATE = 50;
    private static final String TOPOLOGY = "accounted-paragraphs";
    private static final Path JAR = Path.of(System.getProperty("topology.jar", "target/examples-topology.jar"));

    @Test
    void survivesTheKillOfAWorkerWithEveryTupleAccountedFor() throws Exception {
        Assumptions.assumeTrue(Path.of("/proc/self/cmdline").toFile().exists(), "finds worker processes through /proc (Linux)");
        Path run = Path.of("target", "real-cluster",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toAbsolutePath();
        Path ledger = run.resolve("ledger");
        try (StormCluster cluster = StormCluster.start(run)) {
            submit(cluster, run, ledger);

            Map<Integer, Long> workers = Poll.until("2 worker processes", Duration.ofSeconds(240), () -> {
                Map<Integer, Long> pids = cluster.workerPids();
                return Optional.of(pids).filter(p -> p.size() == 2);
            }, cluster::describe);
            assertEquals(Set.copyOf(cluster.slots), workers.keySet(), "one worker per slot");

            Poll.until("the first 100 acks", Duration.ofSeconds(180),
                    () -> Optional.of(LedgerLines.read(ledger)).filter(l -> l.spoutIds("ack").size() >= 100),
                    () -> ledgerSummary(ledger) + "; " + cluster.describe());

            Map<String, Long> figures = Poll.until("the spout's compression figures in the metrics", Duration.ofSeconds(60),
                    () -> Optional.of(CompressionCsv.latest(cluster.metricsDir, "paragraphs"))
                            .filter(f -> f.getOrDefault("tuplesCompressed", 0L) > 0), () -> "metrics in " + cluster.metricsDir);
            assertTrue(figures.get("bytesOut") > 0 && figures.get("bytesOut") < figures.get("bytesIn"),
                    "zstd shrinks the paragraphs: " + figures);
            assertEquals(0L, figures.get("rejected"), figures.toString());

            // The victim: the worker that does not run the spout.
            String topologyId = topologyId(cluster);
            List<ExecutorSummary> executors = cluster.withNimbus(n -> n.getTopologyInfo(topologyId).get_executors());
            int spoutPort = executors.stream().filter(e -> e.get_component_id().equals("paragraphs"))
                    .findFirst().orElseThrow().get_port();
            int victimPort = cluster.slots.stream().filter(p -> p != spoutPort).findFirst().orElseThrow();
            boolean victimHasASink = executors.stream()
                    .anyMatch(e -> e.get_port() == victimPort && e.get_component_id().equals("sink"));
            long victim = workers.get(victimPort);
            assertTrue(ProcessHandle.of(victim).orElseThrow().destroyForcibly(), "kill -9 " + victim);

            long restarted = Poll.until("the supervisor to start a new worker on port " + victimPort, Duration.ofSeconds(240),
                    () -> Optional.ofNullable(cluster.workerPids().get(victimPort)).filter(pid -> pid != victim),
                    cluster::describe);
            assertNotEquals(victim, restarted);
            assertEquals(workers.get(spoutPort), cluster.workerPids().get(spoutPort), "the spout's worker was left alone");

            LedgerLines done = Poll.until("every id to be acked", Duration.ofSeconds(300),
                    () -> Optional.of(LedgerLines.read(ledger)).filter(l -> l.spoutIds("ack").size() == IDS),
                    () -> ledgerSummary(ledger) + "; " + cluster.describe());

            Set<Long> all = LongStream.range(0, IDS).boxed().collect(Collectors.toSet());
            assertEquals(all, done.spoutIds("emit"), "ids are 0.." + (IDS - 1) + ", each emitted");
            assertEquals(IDS, done.spoutCount("emit"), "each id is new once; what is emitted again is a replay");
            assertEquals(all, done.spoutIds("ack"));
            Set<Long> unseen = new HashSet<>(all);
            unseen.removeAll(done.sinkIds("ok"));
            assertEquals(Set.of(), unseen, "acked but never seen intact by the sink: " + done.summary());
            assertEquals(Set.of(), done.sinkIds("corrupt"), done.summary());
            assertTrue(done.spoutCount("fail") > 0, "tuples in flight to the killed worker time out and are replayed: "
                    + done.summary());
            if (victimHasASink) {
                assertTrue(done.sinkPids().contains(restarted), "the restarted worker runs a sink task and processes "
                        + "tuples: " + done.summary() + ", restarted pid " + restarted);
            }
        }
    }

    private static void submit(StormCluster cluster, Path run, Path ledger) throws Exception {
        ChildJvm flux = ChildJvm.start("flux submit", Path.of("").toAbsolutePath(), run.resolve("logs/flux-submit.out"),
                Map.of(), List.of("-Xmx256m"), System.getProperty("java.class.path"), "dev.fluxext.cli.FluxCli",
                List.of("submit", "--remote", "topologies/" + TOPOLOGY + ".yaml", "--jar", JAR.toAbsolutePath().toString(),
                        "--nimbus", "127.0.0.1:" + cluster.nimbusPort,
                        "-c", "examples.ledger.dir=" + ledger, "-c", "examples.ledger.limit=" + IDS,
                        "-c", "examples.ledger.rate=" + RATE));
        int exit;
        try {
            exit = flux.waitFor(180);
        } finally {
            flux.killTree(); // nothing left to kill unless it hangs or the wait is interrupted
        }
        assertEquals(0, exit, "flux submit --remote:\n" + flux.output());
        assertTrue(flux.output().contains("topology '" + TOPOLOGY + "' submitted"), flux.output());
    }

    private static String topologyId(StormCluster cluster) throws Exception {
        return cluster.clusterSummary().get_topologies().stream().filter(t -> t.get_name().equals(TOPOLOGY))
                .map(TopologySummary::get_id).findFirst().orElseThrow();
    }

    private static String ledgerSummary(Path ledger) {
        try {
            return LedgerLines.read(ledger).summary();
        } catch (Exception e) {
            return "ledger unreadable: " + e;
        }
    }
}
