package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.tls.TlsKeys;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, for real: {@code flux submit --local} of the word counts on an embedded Storm
 * cluster with two workers talking over Netty. The CLI runs in a child JVM exactly as {@code bin/flux} starts it
 * (its {@code main} ends the JVM with the exit code, and Storm's threads die with it); the classpath is this
 * test's, which has the examples and Storm.
 */
class LocalRunIT {

    private static final int RUN_SECONDS = 20;
    private static final long TIMEOUT_SECONDS = 120;

    /** What one run printed and wrote. */
    private record Run(int exitCode, String output, JsonNode summary) {

        /**
         * The component's emitted count in each progress report, a line per component: e.g.
         * {@code [  10s] sentences: emitted 4200 acked ...} or, under it, {@code         split:     emitted 9800 ...}.
         */
        List<Long> emittedBy(String component) {
            Pattern count = Pattern.compile("^(?:\\[\\s*\\d+s\\])?\\s*" + Pattern.quote(component) + ":\\s+emitted (\\d+)");
            List<Long> counts = new ArrayList<>();
            for (String line : output.lines().toList()) {
                Matcher m = count.matcher(line);
                if (m.find()) {
                    counts.add(Long.parseLong(m.group(1)));
                }
            }
            return counts;
        }
    }

    private static Run flux(Path dir, String topology) throws IOException, InterruptedException {
        Path summary = dir.resolve("summary.json");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.fluxext.cli.FluxCli", "submit", "--local", "topologies/" + topology,
                "--duration", String.valueOf(RUN_SECONDS), "--interval", "3",
                "--summary-json", summary.toString(), "--log-file", dir.resolve("storm.log").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("output.txt").toFile())
                .start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("flux submit --local did not end within " + TIMEOUT_SECONDS + " s:\n"
                    + Files.readString(dir.resolve("output.txt"), StandardCharsets.UTF_8));
        }
        String output = Files.readString(dir.resolve("output.txt"), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), output);
        assertTrue(Files.exists(summary), "no --summary-json written:\n" + output);
        return new Run(process.exitValue(), output, new ObjectMapper().readTree(summary.toFile()));
    }

    /** Counts on the progress lines are non-zero and grow from one line to a later one. */
    private static void assertGrowing(List<Long> counts, String output) {
        List<Long> nonZero = counts.stream().filter(c -> c > 0).toList();
        assertTrue(nonZero.size() >= 2 && nonZero.get(nonZero.size() - 1) > nonZero.get(0),
                "expected growing non-zero counts on the progress lines, got " + counts + ":\n" + output);
    }

    @Test
    void wordCountRunsOnTwoWorkersWithGrowingCounts(@TempDir Path dir) throws Exception {
        Run run = flux(dir, "wordcount.yaml");
        assertTrue(run.output().contains("submitted with 2 workers"), run.output());
        assertTrue(run.output().contains("in 2 worker(s)"), run.output());
        assertGrowing(run.emittedBy("sentences"), run.output());
        assertGrowing(run.emittedBy("split"), run.output());
        assertTrue(run.output().lines().anyMatch(l -> l.matches("\\s+top \\d+ of \\d+ words: \\S+=\\d+.*")),
                "the reporter's top words on the console: " + run.output());
        assertTrue(run.output().lines().noneMatch(l -> l.contains("compression:")),
                "nothing is compressed, so no compression line: " + run.output());

        JsonNode components = run.summary().get("components");
        assertTrue(components.get("sentences").get("acked").asLong() > 0, run.summary().toString());
        assertTrue(components.get("count").get("executed").asLong() > components.get("sentences").get("acked").asLong(),
                "every sentence has several words: " + run.summary());
        String log = Files.readString(dir.resolve("storm.log"), StandardCharsets.UTF_8);
        assertQuickStartAndStop(log);
        assertRanTheWholeDuration(log);
    }

    /**
     * The topology is killed no sooner than --duration after the run began to count it, although the run's last look
     * at Nimbus starts shortly before the end. The count starts once the submission has returned and the supervisors'
     * fetch of the blobs has begun (its first line in the Storm log); the kill is Nimbus's line.
     */
    private static void assertRanTheWholeDuration(String log) {
        LocalTime counted = loggedAt(log, "requestDownloadTopologyBlobs for TimePortAndAssignment{wordcount");
        LocalTime killed = loggedAt(log, "Delaying event REMOVE for 0 secs for wordcount");
        Duration ran = Duration.between(counted, killed);
        if (ran.isNegative()) {
            ran = ran.plusDays(1); // the run crossed midnight
        }
        assertTrue(ran.compareTo(Duration.ofSeconds(RUN_SECONDS)) >= 0, "killed " + ran + " after the run began");
    }

    private static LocalTime loggedAt(String log, String text) {
        Matcher line = Pattern.compile("^(\\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*" + Pattern.quote(text), Pattern.MULTILINE)
                .matcher(log);
        assertTrue(line.find(), "no '" + text + "' in the Storm log");
        return LocalTime.parse(line.group(1));
    }

    /**
     * What the local cluster does for a quick start and stop, as Storm's own log shows it: each supervisor fetched
     * the topology's blobs under a reservation of port -1, ahead of its slots (which then need not wait a second
     * for the download's acknowledgement; whether a slot came after the fetch is a race, not asserted), the
     * reservation was released, and the workers' Netty clients wait for unsent messages with the local run's 10-s
     * flush timeout (a 16-ms pause between looks instead of 960 ms).
     */
    private static void assertQuickStartAndStop(String log) {
        Matcher reservation = Pattern.compile("requestDownloadTopologyBlobs for TimePortAndAssignment\\{(\\S+) on -1\\}")
                .matcher(log);
        assertTrue(reservation.find(), "no supervisor fetched the blobs ahead of its slots");
        String topology = reservation.group(1);
        int reservations = 1;
        while (reservation.find()) {
            reservations++;
        }
        assertEquals(2, reservations, "one reservation per supervisor");
        assertEquals(2, Pattern.compile("Releasing slot for " + Pattern.quote(topology) + " -1\\b").matcher(log)
                .results().count(), "both reservations released");
        assertTrue(log.contains("storm.messaging.netty.flush_timeout_ms=10000"), "the workers' config has the flush timeout");
        assertTrue(log.contains("waiting up to 10000 ms to send"), "a closing Netty client waits with it");
    }

    @Test
    void compressedWordCountShowsTheSpoutsTuplesShrinking(@TempDir Path dir) throws Exception {
        Run run = flux(dir, "wordcount-compressed.yaml");
        assertTrue(run.output().contains("submitted with 2 workers"), run.output());
        assertGrowing(run.emittedBy("paragraphs"), run.output());

        JsonNode spout = run.summary().get("components").get("paragraphs").get("compression");
        assertTrue(spout != null && spout.get("tuplesCompressed").asLong() > 0, "no compression figures for the spout: "
                + run.summary());
        assertEquals("zstd", spout.get("codec").asText());
        long bytesIn = spout.get("bytesIn").asLong();
        long bytesOut = spout.get("bytesOut").asLong();
        assertTrue(bytesOut > 0 && bytesOut < bytesIn, "spout bytesIn " + bytesIn + ", bytesOut " + bytesOut);
        assertEquals(0, spout.get("rejected").asLong());

        JsonNode splitter = run.summary().get("components").get("split").get("compression");
        assertNotNull(splitter, "the splitter's words cross workers, so it has figures too: " + run.summary());
        assertEquals("none", splitter.get("codec").asText(), "the splitter has compression off: " + run.summary());
        assertEquals(0, splitter.get("tuplesCompressed").asLong());

        // Compression is on in the topology, so every component has figures, even without a block of its own.
        for (String id : List.of("count", "report")) {
            JsonNode figures = run.summary().get("components").get(id).get("compression");
            assertNotNull(figures, id + " has no compression figures: " + run.summary());
            assertEquals("none", figures.get("codec").asText(), id + ": " + run.summary());
        }
        assertTrue(run.output().contains("compression report (none): "), run.output());
    }

    /** Runs the CLI in a child JVM with {@code args}; its exit code and what it printed. */
    private static Run cli(Path dir, String outputName, String... args) throws IOException, InterruptedException {
        return cli(dir, outputName, null, null, args);
    }

    /** As {@link #cli(Path, String, String...)}, doing {@code action} as soon as the CLI has printed {@code text}. */
    private static Run cli(Path dir, String outputName, String text, Action action, String... args)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.fluxext.cli.FluxCli"));
        command.addAll(List.of(args));
        Path output = dir.resolve(outputName);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (action != null) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (process.isAlive() && System.nanoTime() < deadline
                    && !Files.readString(output, StandardCharsets.ISO_8859_1).contains(text)) {
                Thread.sleep(50);
            }
            assertTrue(Files.readString(output, StandardCharsets.ISO_8859_1).contains(text), "never printed: " + text);
            action.run();
        }
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("flux " + String.join(" ", args) + " did not end within " + TIMEOUT_SECONDS
                    + " s:\n" + Files.readString(output, StandardCharsets.UTF_8));
        }
        return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8), null);
    }

    /**
     * The events example with batch compression and worker TLS from {@code flux tls init}, as a new user runs it:
     * tuples cross the two workers over mutual TLS (on Storm 2.8.3, whose Netty would check host names) and are
     * acked, and the stores' password is nowhere in what the run, {@code show} and {@code submit --dry-run} print,
     * in Storm's log (which prints the topology config) or in the summary.
     */
    @Test
    void eventsOverWorkerTlsAckWithoutThePasswordAnywhere(@TempDir Path dir) throws Exception {
        Path certs = dir.resolve("certs");
        Run init = cli(dir, "init.txt", "tls", "init", certs.toString());
        assertEquals(0, init.exitCode(), init.output());
        String password = Files.readString(certs.resolve("tls.pass"), StandardCharsets.UTF_8).strip();
        String yaml = Files.readString(Path.of("topologies/events-batch-compressed.yaml"), StandardCharsets.UTF_8)
                .replace("transport:\n  type: netty\n", "transport:\n  type: netty\n  tls:\n    keystore: "
                        + "certs/worker.p12\n    truststore: certs/ca.p12\n    password: {file: " + certs.resolve("tls.pass")
                        + "}\n");
        assertTrue(yaml.contains("  tls:"), yaml);
        Path topology = Files.writeString(dir.resolve("events-tls.yaml"), yaml);

        Path summary = dir.resolve("summary.json");
        Path stormLog = dir.resolve("storm.log");
        Run run = cli(dir, "output.txt", "submit", "--local", topology.toString(), "--duration",
                String.valueOf(RUN_SECONDS), "--interval", "3", "--summary-json", summary.toString(), "--log-file",
                stormLog.toString());
        assertEquals(0, run.exitCode(), run.output());
        assertTrue(run.output().contains("submitted with 2 workers"), run.output());
        assertTrue(run.output().contains("TLS between workers: engine ") && run.output().contains("no failed "
                + "connections"), run.output());
        assertTrue(java.util.regex.Pattern.compile("TLS between workers: engine [^\n]*TLSv1\\.3 TLS_[A-Z0-9_]+")
                .matcher(run.output()).find(), "the summary names the negotiated protocol and suite: " + run.output());
        JsonNode document = new ObjectMapper().readTree(summary.toFile());
        JsonNode components = document.get("components");
        assertTrue(components.get("events").get("acked").asLong() > 0, components.toString());
        // --summary-json carries the TLS figures the summary prints.
        JsonNode tls = document.get("tls");
        assertNotNull(tls, document.toString());
        assertTrue(run.output().contains("TLS between workers: engine " + tls.get("engine").asText()), tls.toString());
        assertTrue(tls.get("negotiated").size() > 0 && tls.get("negotiated").get(0).asText().matches(
                "TLSv1\\.3 TLS_[A-Z0-9_]+") && run.output().contains(tls.get("negotiated").get(0).asText()),
                tls.toString());
        assertEquals(0, tls.get("failedTotal").asLong(), tls.toString());
        assertEquals(0, tls.get("refusedTotal").asLong(), tls.toString());
        String log = Files.readString(stormLog, StandardCharsets.UTF_8);
        assertTrue(log.contains("worker TLS: engine "), "each worker says it runs TLS");
        assertTrue(log.contains(certs.resolve("tls.pass").toString()), "Storm's log shows the topology config");

        Run show = cli(dir, "show.txt", "show", topology.toString());
        assertEquals(0, show.exitCode(), show.output());
        assertTrue(show.output().contains("fluxext.tls.password.file"), show.output());
        Run dryRun = cli(dir, "dry-run.txt", "submit", "--local", "--dry-run", topology.toString());
        assertEquals(0, dryRun.exitCode(), dryRun.output());
        assertTrue(dryRun.output().contains(TlsKeys.PASSWORD_FILE), dryRun.output());
        for (Path printed : List.of(dir.resolve("output.txt"), stormLog, summary, dir.resolve("show.txt"),
                dir.resolve("dry-run.txt"))) {
            assertTrue(!Files.readString(printed, StandardCharsets.UTF_8).contains(password), "the password is in "
                    + printed.getFileName());
        }
    }

    /** Workers that cannot handshake with each other: counted by reason, and the run does not end as a success. */
    @Test
    void aRunWhoseWorkersCannotHandshakeSaysWhyAndFails(@TempDir Path dir) throws Exception {
        Path topology = TlsFixture.eventsWithForeignClients(dir);
        Path summary = dir.resolve("summary.json");
        Run run = cli(dir, "output.txt", "submit", "--local", topology.toString(), "--duration", "30", "--interval",
                "3", "--log-file", dir.resolve("storm.log").toString(), "--summary-json", summary.toString());
        assertEquals(3, run.exitCode(), run.output());
        JsonNode tls = new ObjectMapper().readTree(summary.toFile()).get("tls");
        assertTrue(tls != null && tls.get("refused").get("NO_CERTIFICATE").asLong() > 0
                && tls.get("refusedTotal").asLong() >= tls.get("refused").get("NO_CERTIFICATE").asLong()
                && tls.get("failedTotal").asLong() > 0, "the refusals by reason in --summary-json: " + tls);
        // Workers start late on a loaded machine: the first refusals may come after the last progress line.
        assertTrue(run.output().contains("TLS between workers: engine ") && run.output().contains(
                "incoming connections refused (") && run.output().contains("peer sent no certificate from a trusted "
                + "CA"), "the summary counts refused connections by reason:\n" + run.output());
        assertTrue(run.output().contains("flux: workers of this run could not connect to each other over TLS"),
                run.output());
    }

    /**
     * Failure is never success: a TLS run whose workers cannot start ends non-zero with the reason on the console.
     * A password variable not set here is refused before anything starts ({@code submit --local} runs the workers on
     * this machine), as is a cipher suite the engine does not offer; a keystore removed after that check (between
     * validate and the workers' start) makes the worker fail at start, Storm then exits the JVM, and the run says
     * what failed instead of taking the exit for Ctrl-C.
     */
    @Test
    void aTlsRunWhoseWorkersCannotStartFailsWithTheReason(@TempDir Path dir) throws Exception {
        Path topology = TlsFixture.eventsOverTls(dir);
        String yaml = Files.readString(topology, StandardCharsets.UTF_8);
        String passwordLine = "    password: {file: " + dir.resolve("certs/tls.pass") + "}\n";
        assertTrue(yaml.contains(passwordLine), yaml);

        Path unset = Files.writeString(dir.resolve("unset.yaml"), yaml.replace(passwordLine,
                "    password: {env: FLUXEXT_IT_SURELY_UNSET_TLS_PASSWORD}\n"));
        Run noPassword = cli(dir, "unset.txt", "submit", "--local", unset.toString(), "--duration", "20",
                "--log-file", dir.resolve("unset.log").toString());
        assertEquals(1, noPassword.exitCode(), noPassword.output());
        assertTrue(noPassword.output().contains("--local runs the workers on this machine, where the environment "
                + "variable FLUXEXT_IT_SURELY_UNSET_TLS_PASSWORD is not set: set the variable before submitting"),
                noPassword.output());

        Path badCipher = Files.writeString(dir.resolve("cipher.yaml"), yaml.replace(passwordLine, passwordLine
                + "    ciphers: [TLS_FAKE_SUITE_WITH_NOTHING_SHA256]\n"));
        Run cipher = cli(dir, "cipher.txt", "submit", "--local", badCipher.toString(), "--duration", "30",
                "--log-file", dir.resolve("cipher.log").toString());
        assertEquals(1, cipher.exitCode(), cipher.output());
        assertTrue(cipher.output().contains("transport tls ciphers: TLS_FAKE_SUITE_WITH_NOTHING_SHA256 is not a suite "
                + "workers can use with TLSv1.3") && !cipher.output().contains("starting a local Storm cluster"),
                "refused at validate:\n" + cipher.output());

        // The keystore goes once validate has opened it, before the workers start (the cluster takes seconds).
        Path keystore = dir.resolve("certs/worker.p12");
        Run gone = cli(dir, "gone.txt", "flux: starting a local Storm cluster", () -> Files.move(keystore,
                keystore.resolveSibling("worker.p12.moved")), "submit", "--local", topology.toString(), "--duration",
                "30", "--interval", "3", "--log-file", dir.resolve("gone.log").toString());
        assertEquals(3, gone.exitCode(), gone.output());
        assertTrue(gone.output().contains("flux: the run failed: ") && gone.output().contains(keystore.toString()),
                "the reason names the keystore:\n" + gone.output());
        assertTrue(!gone.output().contains("\tat "), "no stack trace:\n" + gone.output());
        assertTrue(gone.output().contains("no connection made before Storm ended the workers")
                && !gone.output().contains("no failed connections"), "the TLS line claims no success:\n" + gone.output());
    }

    /** Something to do to the files while the CLI runs. */
    private interface Action {
        void run() throws IOException;
    }
}
