package dev.fluxext.examples.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.examples.TlsFixture;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.TopologySummary;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code flux submit --remote --jar} on a real multi-process cluster of the oldest Storm line fluxext supports
 * ({@link StormJars#olderLines()}; flux-core submits with the Storm it is built against) ({@link StormCluster}: ZooKeeper,
 * Nimbus, a Supervisor with 2 slots, workers as their own processes), then a {@code kill -9} of a worker.
 *
 * <p>The topology is {@code topologies/accounted-paragraphs.yaml}: ids 0..{@value #IDS}-1 at
 * {@value #RATE}/s, written to ledgers in {@code target/}, the workers exchanging bundles through the
 * batch-compressing transport (zstd) and the spout's paragraphs zstd-compressed tuple by tuple as well. The worker
 * killed is the one <em>without</em> the spout: its in-flight tuples time out and are replayed. (Killing the
 * spout's worker would lose its pending tuples: they live only in its memory, and the examples do not claim
 * otherwise.) Asserted: 2 worker processes, the transport's class found only in the topology jar of their
 * classpath, the spout's and the transport's compression figures from the workers' metrics and from their logs,
 * the supervisor starting a new worker process on the killed one's port, that process sending bundles again and
 * processing tuples, nothing rejected, and at-least-once: every id emitted is acked and seen by the sink with its
 * checksum intact. The workers talk over mutual TLS ({@code transport.tls}, stores made by {@link TlsFixture}, the
 * password read by each worker from a file): each logs that it runs TLS, none logs a failed handshake, their
 * TLS gauges reach the metrics, all 0, and a plaintext peer at each worker's port is kept out and counted there.
 *
 * <p>Everything stays under {@code target/real-cluster/RUN/} (daemon and worker logs, ledgers, metrics).
 */
class RealClusterIT {

    private static final long IDS = 2500;
    private static final int RATE = 50;
    private static final String TOPOLOGY = "accounted-paragraphs";
    private static final Path JAR = Path.of(System.getProperty("topology.jar", "target/examples-topology.jar"));
    private static final String TRANSPORT_CLASS = "dev/fluxext/compression/batch/BatchCompressionContext.class";

    @Test
    void survivesTheKillOfAWorkerWithEveryTupleAccountedFor() throws Exception {
        Assumptions.assumeTrue(Path.of("/proc/self/cmdline").toFile().exists(), "finds worker processes through /proc (Linux)");
        Path run = Path.of("target", "real-cluster",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toAbsolutePath();
        Path ledger = run.resolve("ledger");
        // The oldest Storm line supported (the long test runs once; StormLinesIT runs the others locally).
        StormJars.Line oldest = StormJars.olderLines().get(0);
        try (StormCluster cluster = StormCluster.start(run, oldest.jars())) {
            assertEquals(oldest.version(), cluster.withNimbus(n -> n.getClusterInfo().get_nimbuses().get(0).get_version()),
                    "Nimbus runs the oldest line");
            submit(cluster, run, ledger);

            Map<Integer, Long> workers = Poll.until("2 worker processes", Duration.ofSeconds(240), () -> {
                Map<Integer, Long> pids = cluster.workerPids();
                return Optional.of(pids).filter(p -> p.size() == 2);
            }, cluster::describe);
            assertEquals(Set.copyOf(cluster.slots), workers.keySet(), "one worker per slot");
            for (long pid : workers.values()) {
                List<String> classpath = cluster.workerClasspath(pid);
                List<Path> sources = providers(classpath, TRANSPORT_CLASS);
                assertEquals(1, sources.size(), "one place to load the transport from: " + sources + " of " + classpath);
                assertTrue(sources.get(0).endsWith("stormjar.jar") && sources.get(0).startsWith(cluster.localDir),
                        "the supervisor's copy of the topology jar: " + sources);
            }

            Poll.until("the first 100 acks", Duration.ofSeconds(180),
                    () -> Optional.of(LedgerLines.read(ledger)).filter(l -> l.spoutIds("ack").size() >= 100),
                    () -> ledgerSummary(ledger) + "; " + cluster.describe());

            Map<String, Long> figures = Poll.until("the spout's compression figures in the metrics", Duration.ofSeconds(60),
                    () -> Optional.of(CompressionCsv.latest(cluster.metricsDir, "paragraphs", CompressionCsv.TUPLES))
                            .filter(f -> f.getOrDefault("tuplesCompressed", 0L) > 0), () -> "metrics in " + cluster.metricsDir);
            assertTrue(figures.get("bytesOut") > 0 && figures.get("bytesOut") < figures.get("bytesIn"),
                    "zstd shrinks the paragraphs: " + figures);
            assertEquals(0L, figures.get("rejected"), figures.toString());

            Map<String, Long> batches = Poll.until("the transport's figures in the metrics", Duration.ofSeconds(60),
                    () -> Optional.of(CompressionCsv.latest(cluster.metricsDir, "__system", CompressionCsv.BATCHES))
                            .filter(f -> f.getOrDefault("batches", 0L) >= 10), () -> "metrics in " + cluster.metricsDir);
            assertTrue(batches.get("bytesAfter") > 0 && batches.get("bytesAfter") < batches.get("bytesBefore"),
                    "zstd shrinks the bundles: " + batches);
            assertTrue(batches.get("messages") > batches.get("batches"), "several messages a bundle: " + batches);
            assertEquals(0L, batches.get("rejected"), batches.toString());

            // Each worker logs what it sent the other, bundles compressed, with no setup (logIntervalSecs: 10).
            String topologyId = topologyId(cluster);
            for (int port : cluster.slots) {
                int other = cluster.slots.stream().filter(p -> p != port).findFirst().orElseThrow();
                Path log = cluster.workerLog(topologyId, port);
                FiguresLines.Batches sent = Poll.until("the worker on " + port + " to log bundles sent to " + other,
                        Duration.ofSeconds(60), () -> FiguresLines.read(log, 0).sentTo(other), () -> "log " + log);
                assertTrue(sent.bytesAfter() < sent.bytesBefore() && sent.messages() > sent.batches(),
                        port + " -> " + other + ": " + sent);
                assertEquals(0L, sent.rejected(), sent.toString());
            }

            // Over TLS, with the password read by each worker, and no handshake failed.
            for (int port : cluster.slots) {
                String log = Files.readString(cluster.workerLog(topologyId, port));
                assertTrue(log.contains("worker TLS: engine "), "worker " + port + " runs TLS");
                assertFalse(log.contains(TlsFixture.PASSWORD), "the password is not in worker " + port + "'s log");
                assertFalse(log.contains("SSLHandshakeException") || log.contains("OpenSslException"),
                        "no handshake failed on worker " + port);
            }
            // The workers' TLS gauges, every reason from the start, all 0 (summed over both workers).
            for (String prefix : List.of(CompressionCsv.TLS_REFUSED, CompressionCsv.TLS_FAILED)) {
                Map<String, Long> tls = Poll.until(prefix + "* in the metrics", Duration.ofSeconds(30),
                        () -> Optional.of(CompressionCsv.latest(cluster.metricsDir, "__system", prefix))
                                .filter(f -> f.keySet().containsAll(List.of("notTls", "noCertificate", "untrusted",
                                        "expired", "total"))), () -> "metrics in " + cluster.metricsDir);
                assertTrue(tls.values().stream().allMatch(v -> v == 0), prefix + "*: " + tls);
            }
            // A plaintext peer at each worker's port is kept out and counted by the worker it knocked at.
            for (int port : cluster.slots) {
                knockInPlaintext(port);
            }
            Map<String, Long> refused = Poll.until("each worker to count the plaintext peer it refused",
                    Duration.ofSeconds(60), () -> Optional.of(CompressionCsv.latest(cluster.metricsDir, "__system",
                            CompressionCsv.TLS_REFUSED)).filter(f -> f.getOrDefault("notTls", 0L) >= cluster.slots.size()),
                    () -> "metrics in " + cluster.metricsDir);
            assertEquals(refused.get("notTls"), refused.get("total"), "refused as plaintext only: " + refused);

            // The documented console reporter prints the compression and TLS gauges; a worker sends its standard
            // output to its log.
            Path reported = cluster.workerLog(topologyId, cluster.slots.get(0));
            Poll.until("the console reporter's fluxext gauges in " + reported, Duration.ofSeconds(60), () -> {
                List<String> gauges = Files.readAllLines(reported).stream().filter(l -> l.contains("ConsoleReporter")).toList();
                return Optional.of(gauges).filter(g -> g.stream().anyMatch(l -> l.endsWith("-fluxext.compression.bytesOut"))
                        && g.stream().anyMatch(l -> l.endsWith("-fluxext.transport.compression.bytesAfter"))
                        && g.stream().anyMatch(l -> l.endsWith("-fluxext.tls.refused.total")));
            }, () -> "file " + reported);

            // The victim: the worker that does not run the spout.
            List<ExecutorSummary> executors = cluster.withNimbus(n -> n.getTopologyInfo(topologyId).get_executors());
            int spoutPort = executors.stream().filter(e -> e.get_component_id().equals("paragraphs"))
                    .findFirst().orElseThrow().get_port();
            int victimPort = cluster.slots.stream().filter(p -> p != spoutPort).findFirst().orElseThrow();
            boolean victimHasASink = executors.stream()
                    .anyMatch(e -> e.get_port() == victimPort && e.get_component_id().equals("sink"));
            long victim = workers.get(victimPort);
            Path victimLog = cluster.workerLog(topologyId, victimPort);
            long restartedFrom = Files.size(victimLog); // the restarted worker appends its lines after this
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
            // The restarted worker (counting from zero) reconnected and sent the spout's worker bundles again.
            FiguresLines.Batches resent = Poll.until("the restarted worker to log bundles sent to " + spoutPort,
                    Duration.ofSeconds(90), () -> FiguresLines.read(victimLog, restartedFrom).sentTo(spoutPort),
                    () -> "log " + victimLog + " from byte " + restartedFrom);
            assertTrue(resent.bytesAfter() < resent.bytesBefore(), resent.toString());
            for (int port : cluster.slots) {
                FiguresLines lines = FiguresLines.read(cluster.workerLog(topologyId, port), 0);
                assertEquals(0L, lines.rejected(), "no tuple or bundle rejected on " + port + ": " + lines.lines());
            }
            if (victimHasASink) {
                assertTrue(done.sinkPids().contains(restarted), "the restarted worker runs a sink task and processes "
                        + "tuples: " + done.summary() + ", restarted pid " + restarted);
            }
        }
    }

    /** What a worker of a plaintext topology would send: a Storm message frame (task 1, 4 bytes), no handshake. */
    private static void knockInPlaintext(int port) throws IOException {
        try (java.net.Socket socket = new java.net.Socket("localhost", port)) {
            socket.getOutputStream().write(new byte[] {0, 1, 0, 0, 0, 4, 1, 2, 3, 4});
            socket.getOutputStream().flush();
            socket.setSoTimeout(10_000);
            assertEquals(-1, socket.getInputStream().read(), "the worker on " + port + " closes the connection");
        } catch (java.net.SocketException reset) {
            // the worker reset the connection: kept out as well
        }
    }

    private static void submit(StormCluster cluster, Path run, Path ledger) throws Exception {
        ChildJvm flux = ChildJvm.start("flux submit", Path.of("").toAbsolutePath(), run.resolve("logs/flux-submit.out"),
                Map.of(), List.of("-Xmx256m"), System.getProperty("java.class.path"), "dev.fluxext.cli.FluxCli",
                List.of("submit", "--remote", TlsFixture.overTls(run, TOPOLOGY).toString(), "--jar", JAR.toAbsolutePath().toString(),
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
        assertFalse(flux.output().contains(TlsFixture.PASSWORD), flux.output());
    }

    /** The classpath entries (wildcards expanded, as the JVM does) that hold {@code resource}. */
    private static List<Path> providers(List<String> classpath, String resource) throws IOException {
        List<Path> found = new ArrayList<>();
        for (String entry : classpath) {
            List<Path> paths = List.of(Path.of(entry));
            if (entry.endsWith(File.separator + "*")) {
                Path dir = Path.of(entry.substring(0, entry.length() - 2));
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> jars = Files.list(dir)) {
                    paths = jars.filter(j -> j.toString().endsWith(".jar")).sorted().toList();
                }
            }
            for (Path path : paths) {
                if (Files.isDirectory(path) ? Files.exists(path.resolve(resource)) : holds(path, resource)) {
                    found.add(path);
                }
            }
        }
        return found;
    }

    private static boolean holds(Path jar, String resource) throws IOException {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.getEntry(resource) != null;
        }
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
