package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.run.process.ExitCodes;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slow set, kept to four runs of a real Storm: a local run in-process (and one more, short, in Storm Flux's
 * command form), Ctrl-C on a local run in a child JVM, and a remote submission to a Nimbus in a child JVM.
 */
class LocalAndRemoteRunIT {

    /** A progress report's first line (the spout) and, a line below, the counter: one line per component. */
    private static final Pattern PROGRESS = Pattern.compile("^\\[\\s*\\d+s] words:\\s+emitted (\\d+) .*\\n\\s+count:\\s+emitted (\\d+)",
        Pattern.MULTILINE);
    /** A progress line with tuples counted. */
    private static final Pattern COUNTING = Pattern.compile("^\\[\\s*\\d+s] words:\\s+emitted [1-9]");

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void localRunRunsTwoWorkersPrintsGrowingProgressAndWritesTheSummary() throws Exception {
        Path summary = tmp.resolve("out/summary.json");
        Path log = tmp.resolve("storm.log");
        CliRun run = CliRun.of("submit", "--local", "--duration", "16", "--interval", "2",
            "--summary-json", summary.toString(), "--log-file", log.toString(), "words.yaml");

        assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().contains("flux: Storm logs go to " + log), run.out());
        assertTrue(Files.size(log) > 0, "Storm's log file is empty");
        assertTrue(!run.out().contains(" INFO "), "Storm's log lines reached stdout:\n" + run.out());
        assertTrue(run.out().contains("in 2 worker(s)"), run.out());
        // The counts are flux's own: Storm's statistics keep their sampling (Storm logs the topology's config).
        String stormLog = Files.readString(log);
        assertTrue(stormLog.contains("topology.stats.sample.rate=0.05"), "Storm's default sampling not logged");
        // The supervisors read the topology's blobs through Nimbus's blob store, not each a store of its own.
        assertEquals(1, stormLog.split("Creating new blob store based in", -1).length - 1, "blob stores made");
        assertTrue(!stormLog.contains("topology.stats.sample.rate=1.0"), "Storm's sampling was changed");
        assertTrue(run.out().contains("flux: topology 'words' killed"), run.out());
        assertTrue(run.out().contains("flux: local cluster stopped"), run.out());

        List<long[]> progress = new ArrayList<>();
        Matcher m = PROGRESS.matcher(run.out());
        while (m.find()) {
            progress.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
        }
        assertTrue(progress.size() >= 3, "expected several progress lines:\n" + run.out());
        long[] last = progress.get(progress.size() - 1);
        assertTrue(last[0] > 0 && last[1] > 0, "no tuples counted:\n" + run.out());
        assertTrue(last[0] > progress.get(progress.size() - 3)[0], "spout counts do not grow:\n" + run.out());

        JsonNode json = new ObjectMapper().readTree(summary.toFile());
        assertEquals("words", json.get("topology").asText());
        assertTrue(json.get("uptimeSecs").asLong() > 0);
        JsonNode words = json.get("components").get("words");
        JsonNode count = json.get("components").get("count");
        assertEquals("spout", words.get("type").asText());
        assertEquals("bolt", count.get("type").asText());
        assertTrue(words.get("emitted").asLong() >= last[0], json.toString());
        // The fields grouping sends every word to a counter; with two workers, some cross the network.
        assertTrue(words.get("transferred").asLong() > 0, json.toString());
        assertTrue(count.get("executed").asLong() > 0, json.toString());
        assertTrue(json.get("components").get("total").get("executed").asLong() > 0, json.toString());
        for (String field : List.of("emitted", "transferred", "acked", "failed", "executed")) {
            assertTrue(count.has(field), field + " missing: " + json);
        }
    }

    @Test
    @Timeout(90)
    void fluxsCommandFormRunsLocallyForSleepMilliseconds() {
        long start = System.nanoTime();
        CliRun run = CliRun.of("--local", "words.yaml", "--sleep", "12000", "--no-splash");
        long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();

        assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
        assertTrue(run.out().startsWith("topology words"), run.out());
        assertTrue(run.out().lines().anyMatch(line -> COUNTING.matcher(line).find()), "no tuples counted:\n" + run.out());
        assertTrue(run.out().contains("flux: topology 'words' killed"), run.out());
        assertTrue(seconds >= 12, "ran " + seconds + " s, not the 12 s of --sleep");
    }

    /**
     * Ctrl-C in the real entry point of bin/flux: the summary, then the process ends at once, leaving nothing in its
     * temp directory: not Storm's directories, not the native libraries the codecs extract (the topology sends its
     * tuples through three codecs).
     */
    @Test
    @Timeout(150)
    void ctrlCEndsTheRunWithItsSummaryAndLeavesNothingInTheTempDirectory() throws Exception {
        Path jvmTmp = Files.createDirectory(tmp.resolve("jvm-tmp"));
        Process child = javaProcess(jvmTmp, FluxCli.class, "submit", "--local", "--interval", "2", "--log-file",
            tmp.resolve("storm.log").toString(), RealYamlTest.file("words-compressed.yaml"));
        // Where SIGINT is ignored (a background job, as in CI), a JVM never sees Ctrl-C; SIGTERM takes the same
        // shutdown path, so the test sends that instead of skipping.
        String signal = sigintIgnored(child.pid()) ? "-TERM" : "-INT";
        Lines out = new Lines(child, tmp.resolve("storm.log"));
        // Enough words that some crossed between the workers (half of them, by their fields).
        out.await(line -> emittedByWords(line) >= 20, Duration.ofSeconds(90));
        List<String> during = filesUnder(jvmTmp);
        assertTrue(during.stream().anyMatch(f -> f.matches("fluxext-\\d+-\\d+/lib.*\\.so")),
            "the run's own temp directory, with a codec's native library, while it runs: " + during);

        new ProcessBuilder("kill", signal, Long.toString(child.pid())).inheritIO().start().waitFor();

        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the JVM is still running 60 s after " + signal + ":\n" + out.all());
        assertEquals(0, child.exitValue(), out.all());
        String all = out.all();
        assertTrue(all.contains("flux: stopping (Ctrl-C or SIGTERM); killing the topology"), "a signal, not taken "
            + "for Storm exiting the JVM:\n" + all);
        assertTrue(all.contains("Summary of 'compressed-words'"), all);
        assertTrue(all.contains("flux: stopping: topology 'compressed-words' and the local cluster end with the process"),
            all);
        // Tuples went through the codecs' serializer: they crossed Netty between the two workers.
        assertTrue(Pattern.compile("compression words \\(zstd\\): \\d+ of [1-9]\\d* tuples").matcher(all).find(), all);
        assertCleanedUpBeforeTheSummary(all, "compressed-words");
        assertEquals(List.of(), filesUnder(jvmTmp), "left in the temp directory");
    }

    /** The spout's emitted count on a progress line, or -1. */
    private static long emittedByWords(String line) {
        Matcher m = Pattern.compile("^\\[\\s*\\d+s] words:\\s+emitted (\\d+)").matcher(line);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /**
     * A run that reaches its end stops its topology as Storm's local mode does, so that the bolt's cleanup() runs
     * (Storm guarantees it in local mode), and then exits without the rest of Storm's orderly shutdown: the summary
     * comes after the cleanup, and nothing of the cluster is left behind but Storm's log, under its default name in
     * the temp directory, from the cluster's start (begun while the file was read, before the name was known) to the
     * run's end.
     */
    @Test
    @Timeout(120)
    void aRunCallsItsBoltsCleanupThenEndsAfterItsSummaryAndLeavesNothingBehind() throws Exception {
        Path jvmTmp = Files.createDirectory(tmp.resolve("jvm-tmp"));
        Process child = javaProcess(jvmTmp, FluxCli.class, "submit", "--local", "--duration", "6", "--interval", "2",
            RealYamlTest.file("prints-on-cleanup.yaml"));
        Lines out = new Lines(child, null);

        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "still running:\n" + out.all());
        assertEquals(0, child.exitValue(), out.all());
        String all = out.all();
        assertTrue(all.contains("Summary of 'prints-on-cleanup'"), all);
        assertCleanedUpBeforeTheSummary(all, "prints-on-cleanup");
        assertTrue(all.contains("flux: stopping: topology 'prints-on-cleanup' and the local cluster end with the "
            + "process"), all);
        List<String> left = filesUnder(jvmTmp);
        assertEquals(1, left.size(), "left in the temp directory: " + left);
        assertTrue(left.get(0).matches("flux-prints-on-cleanup-\\d{8}-\\d{6}\\.log"), left.get(0));
        Path log = jvmTmp.resolve(left.get(0));
        assertTrue(all.contains("flux: Storm logs go to " + log), all);
        String stormLog = Files.readString(log);
        int clusterStart = stormLog.indexOf("Starting inprocess zookeeper");
        int submission = stormLog.indexOf("Received topology submission for prints-on-cleanup");
        int workerStop = stormLog.indexOf("Shutting down worker prints-on-cleanup");
        assertTrue(clusterStart >= 0 && clusterStart < submission && submission < workerStop,
            "Storm's log, from the cluster's start to the workers' stop:\n" + stormLog);
    }

    /** A run whose duration ends before its workers are up ran nothing, and says so instead of ending as a success. */
    @Test
    @Timeout(120)
    void aRunThatEndsBeforeItsWorkersAreUpFails() throws Exception {
        Path jvmTmp = Files.createDirectory(tmp.resolve("jvm-tmp-short"));
        Process child = javaProcess(jvmTmp, FluxCli.class, "submit", "--local", "--duration", "1",
            "--log-file", tmp.resolve("storm-short.log").toString(), RealYamlTest.file("prints-on-cleanup.yaml"));
        Lines out = new Lines(child, tmp.resolve("storm-short.log"));

        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "still running:\n" + out.all());
        assertEquals(ExitCodes.FAILURE, child.exitValue(), out.all());
        assertTrue(out.all().contains("flux: the run ended ") && out.all().contains(": nothing ran; give the start "
            + "more time with a longer --duration"), out.all());
    }

    /**
     * The bolt {@code last} ({@link PrintsOnCleanupBolt}) printed its line from cleanup(), having executed tuples,
     * after the wait for the tasks' cleanup began and before the summary; the wait ended with every task stopped.
     */
    private static void assertCleanedUpBeforeTheSummary(String all, String topology) {
        Matcher cleanup = Pattern.compile("cleanup\\(\\) of 'last' task \\d+ after [1-9]\\d* tuples").matcher(all);
        assertTrue(cleanup.find(), all);
        int waiting = all.indexOf("flux: stopping topology '" + topology + "': waiting for ");
        int stopped = all.indexOf("flux: topology '" + topology + "' stopped: its tasks' cleanup() and close() ran");
        int summary = all.indexOf("Summary of '" + topology + "'");
        assertTrue(waiting >= 0 && waiting < cleanup.start() && cleanup.start() < stopped && stopped < summary, all);
    }

    /** Every file and directory under {@code dir}, relative to it, with '/' between names. */
    private static List<String> filesUnder(Path dir) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> !f.equals(dir)).map(f -> dir.relativize(f).toString().replace('\\', '/'))
                .sorted().toList();
        }
    }

    @Test
    @Timeout(150)
    void remoteSubmitReachesARealNimbusOverThrift() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process nimbus = javaProcess(NimbusMain.class, Integer.toString(port));
        try {
            Lines nimbusOut = new Lines(nimbus, null);
            nimbusOut.await(line -> line.startsWith("NIMBUS READY"), Duration.ofSeconds(90));
            Path jar = emptyJar();

            // --wait-running: a line per state Nimbus reports, until every executor of both workers is up.
            CliRun run = CliRun.of("submit", "--remote", "--nimbus", "localhost:" + port, "--jar", jar.toString(),
                "--wait-running", "90", "words.yaml");
            assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
            assertTrue(run.out().contains("flux: topology 'words' submitted"), run.out());
            assertTrue(run.out().contains("flux: waiting up to 90 s for topology 'words' to run"), run.out());
            assertTrue(run.out().lines().anyMatch(l -> l.matches("flux: topology 'words' is running: 2 workers, all "
                + "\\d+ executors up \\(after \\d+ s\\)")), run.out());

            CliRun inactive = CliRun.of("submit", "--remote", "--inactive", "--nimbus", "localhost:" + port,
                "--jar", jar.toString(), "words-2.yaml");
            assertEquals(ExitCodes.OK, inactive.exitCode(), inactive.out() + inactive.err());

            CliRun again = CliRun.of("submit", "--remote", "--nimbus", "localhost:" + port, "--jar", jar.toString(),
                "words.yaml");
            assertEquals(ExitCodes.FAILURE, again.exitCode());
            assertTrue(again.err().contains("already exists on the cluster"), again.err());

            // A spout that fails in open(): Nimbus's error for it ends the wait, printed in one line.
            Path failing = Files.writeString(tmp.resolve("failing.yaml"), """
                name: failing
                spouts:
                  - id: source
                    className: dev.fluxext.cli.ReportsErrorInOpenSpout
                """);
            CliRun failed = CliRun.with(dev.fluxext.load.FluxLoader::load, Map.of(), "submit", "--remote",
                "--nimbus", "localhost:" + port, "--jar", jar.toString(), "--wait-running", "60", failing.toString());
            assertEquals(ExitCodes.FAILURE, failed.exitCode(), failed.out() + failed.err());
            assertTrue(failed.out().contains("flux: topology 'failing' is not running cleanly: Nimbus has 1 error for "
                + "it:"), failed.out());
            assertTrue(failed.out().lines().anyMatch(l -> l.matches("  source on [^ ]+:\\d+ at \\S+Z: "
                + "java.lang.IllegalStateException: " + ReportsErrorInOpenSpout.ERROR)), failed.out());

            // Every slot is taken now (2 + 2 + 1 of 5): a fourth topology gets no worker, and the wait ends at its
            // bound with what Nimbus last showed.
            Path noSlot = Files.writeString(tmp.resolve("no-slot.yaml"), """
                name: no-slot
                spouts:
                  - id: words
                    className: org.apache.storm.testing.TestWordSpout
                """);
            CliRun stuck = CliRun.with(dev.fluxext.load.FluxLoader::load, Map.of(), "submit", "--remote",
                "--nimbus", "localhost:" + port, "--jar", jar.toString(), "--wait-running", "5", noSlot.toString());
            assertEquals(ExitCodes.FAILURE, stuck.exitCode(), stuck.out() + stuck.err());
            assertTrue(stuck.out().contains("flux: topology 'no-slot' was not running within 5 s (--wait-running): "
                + "ACTIVE, 0 workers assigned"), stuck.out());

            Map<String, Object> conf = Utils.readStormConfig();
            try (NimbusClient client = new NimbusClient(conf, "localhost", port, 30_000)) {
                TopologySummary words = client.getClient().getTopologySummaryByName("words");
                assertEquals("ACTIVE", words.get_status());
                // Nimbus schedules asynchronously: the topology's 2 workers show up within a few seconds.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (words.get_num_workers() < 2 && System.nanoTime() < deadline) {
                    Thread.sleep(500);
                    words = client.getClient().getTopologySummaryByName("words");
                }
                assertEquals(2, words.get_num_workers(), "workers the running topology was given: " + words);
                assertEquals("INACTIVE", client.getClient().getTopologySummaryByName("words-2").get_status());
                client.getClient().killTopology("words");
                client.getClient().killTopology("words-2");
                client.getClient().killTopology("failing");
                client.getClient().killTopology("no-slot");
            }
        } finally {
            nimbus.getOutputStream().close();
            if (!nimbus.waitFor(30, TimeUnit.SECONDS)) {
                nimbus.destroyForcibly();
            }
        }
    }

    /**
     * {@code flux submit --remote} as a user runs it (its own JVM, Storm's own log4j2.xml, none of the tests'
     * logging set-up) against a port where nothing listens: two lines (what it is doing, why it stopped) within
     * seconds, not Storm's half-minute of retries and their stack traces.
     */
    @Test
    @Timeout(90)
    void anAbsentNimbusIsOneLineWithinSecondsFromTheCommandLine() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Path file = Files.writeString(tmp.resolve("words.yaml"), """
            name: words
            spouts:
              - {id: words, className: org.apache.storm.testing.TestWordSpout}
            bolts:
              - {id: count, className: org.apache.storm.testing.TestWordCounter}
            streams:
              - {from: words, to: count, grouping: {type: SHUFFLE}}
            """);
        // The test classpath without the tests' classes and resources (their log4j2-test.xml would quiet Storm).
        String classpath = java.util.Arrays.stream(System.getProperty("surefire.test.class.path",
                System.getProperty("java.class.path")).split(java.io.File.pathSeparator))
            .filter(entry -> !entry.endsWith("test-classes")).collect(java.util.stream.Collectors.joining(
                java.io.File.pathSeparator));
        Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
            classpath, FluxCli.class.getName(), "submit", "--remote", "--nimbus", "localhost:" + closedPort,
            "--jar", emptyJar().toString(), file.toString()).redirectErrorStream(true).start();
        long start = System.nanoTime();
        String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cli.waitFor(60, TimeUnit.SECONDS), output);
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals(ExitCodes.FAILURE, cli.exitValue(), output);
        List<String> lines = output.lines().toList();
        assertEquals(2, lines.size(), output);
        assertTrue(lines.get(0).startsWith("flux: submitting topology 'words' to Nimbus at localhost:" + closedPort),
            output);
        assertTrue(lines.get(1).startsWith("flux: no leader Nimbus answered: Nimbus at localhost:" + closedPort),
            output);
        assertTrue(seconds < 20, "took " + seconds + " s (JVM start included)");
    }

    private static Process javaProcess(Class<?> main, String... args) throws IOException {
        return javaProcess(Path.of(System.getProperty("java.io.tmpdir")), main, args);
    }

    private static Process javaProcess(Path tmpdir, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Djava.io.tmpdir=" + tmpdir, "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** A JVM does not handle SIGINT that its parent ignored (as in a shell's background job). */
    private static boolean sigintIgnored(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.exists(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & 0x2) != 0;
            }
        }
        return false;
    }

    private Path emptyJar() throws IOException {
        Path jar = tmp.resolve("topology.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.flush();
        }
        return jar;
    }

    /** A child's merged output, read as it comes; failures quote it and the tail of the child's Storm log. */
    private static final class Lines {
        private final BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        private final StringBuffer all = new StringBuffer();
        private final Path stormLog;

        Lines(Process process, Path stormLog) {
            this.stormLog = stormLog;
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = in.readLine()) != null; ) {
                        all.append(line).append('\n');
                        queue.add(line);
                    }
                } catch (IOException e) {
                    all.append("(reading failed: ").append(e).append(")\n");
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        void await(java.util.function.Predicate<String> wanted, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                String line = queue.poll(1, TimeUnit.SECONDS);
                if (line != null && wanted.test(line)) {
                    return;
                }
            }
            throw new AssertionError("expected output did not appear within " + timeout + ":\n" + all());
        }

        String all() {
            return all + stormLogTail();
        }

        private String stormLogTail() {
            try {
                if (stormLog == null || !Files.exists(stormLog)) {
                    return "";
                }
                List<String> lines = Files.readAllLines(stormLog);
                return "--- Storm log, last lines:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())) + "\n";
            } catch (IOException e) {
                return "(Storm log unreadable: " + e + ")\n";
            }
        }
    }
}
