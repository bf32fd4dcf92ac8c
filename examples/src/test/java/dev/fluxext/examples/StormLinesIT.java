package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import dev.fluxext.examples.cluster.StormJars;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples' topology jar (built against Storm 2.8.3) on each older Storm line's jars and nothing else (module
 * storm-lines; 2.8.3 itself is every other test's), as {@code storm jar --storm-server-classpath
 * examples-topology.jar ...} runs it on a machine with that Storm: the
 * compressed word count in Storm Flux's command form, the batch-compressed events with {@code flux submit --local}.
 * Tuples are acked, bytes shrink on the wire, the figures are reported, and nothing is rejected.
 */
class StormLinesIT {

    private static final Path JAR = Path.of(System.getProperty("topology.jar", "target/examples-topology.jar"));
    private static final int RUN_SECONDS = 20;

    static Stream<StormJars.Line> lines() throws Exception {
        List<StormJars.Line> lines = StormJars.olderLines();
        assertTrue(lines.size() >= 2, "storm.lines names the older lines: " + lines);
        return lines.stream();
    }

    private static String run(StormJars.Line line, Path dir, String... args) throws Exception {
        List<String> classpath = new ArrayList<>(line.jars().stream().map(Path::toString).toList());
        assertTrue(Files.isRegularFile(JAR), "no topology jar at " + JAR);
        classpath.add(JAR.toAbsolutePath().toString());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, classpath)));
        command.addAll(List.of(args));
        Path output = dir.resolve("output.txt");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(output.toFile()).start();
        if (!process.waitFor(RUN_SECONDS + 120, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("did not end in time:\n" + Files.readString(output, StandardCharsets.UTF_8));
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), printed);
        assertFalse(printed.contains("\tat "), "no stack trace:\n" + printed);
        return printed;
    }

    /** The summary's row of {@code component}: emitted, transferred, acked, failed, executed. */
    private static long[] row(String output, String component) {
        Matcher m = Pattern.compile("(?m)^  " + Pattern.quote(component) + "\\s+(?:spout|bolt)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)"
                + "\\s+(\\d+)\\s+(\\d+)$").matcher(output);
        assertTrue(m.find(), "no summary row for " + component + ":\n" + output);
        long[] counts = new long[5];
        for (int i = 0; i < 5; i++) {
            counts[i] = Long.parseLong(m.group(i + 1));
        }
        return counts;
    }

    /** The JVM runs that line's Storm, not one from somewhere else. */
    @ParameterizedTest(name = "Storm {0}")
    @MethodSource("lines")
    void theVersionIsTheLines(StormJars.Line line, @TempDir Path dir) throws Exception {
        String output = run(line, dir, "dev.fluxext.cli.FluxCli", "--version");
        assertTrue(output.contains("Storm " + line.version() + "\n"), output);
    }

    @ParameterizedTest(name = "Storm {0}")
    @MethodSource("lines")
    void compressedWordCountInFluxsCommandForm(StormJars.Line line, @TempDir Path dir) throws Exception {
        String output = run(line, dir, "dev.fluxext.cli.Flux", "--local", "--sleep", String.valueOf(RUN_SECONDS * 1000),
                "--no-splash", "--no-detail", "--resource", "topologies/wordcount-compressed.yaml");
        assertTrue(output.contains("submitted with 2 workers"), output);
        assertTrue(row(output, "paragraphs")[2] > 0, "paragraphs acked:\n" + output);
        Matcher spout = Pattern.compile("compression paragraphs \\(zstd\\): (\\d+) of \\d+ tuples compressed, (\\d+) -> (\\d+)"
                + " bytes \\(\\d+ %\\), (\\d+) frames rejected").matcher(output);
        assertTrue(spout.find(), "the spout's figures:\n" + output);
        assertTrue(Long.parseLong(spout.group(1)) > 0, spout.group());
        assertTrue(Long.parseLong(spout.group(3)) < Long.parseLong(spout.group(2)), "zstd shrinks paragraphs: " + spout.group());
        assertEquals("0", spout.group(4), spout.group());
    }

    /** Also over worker TLS: the stores made here, the block relative to the topology file. */
    @ParameterizedTest(name = "Storm {0}")
    @MethodSource("lines")
    void batchCompressedEventsOverTls(StormJars.Line line, @TempDir Path dir) throws Exception {
        Path topology = TlsFixture.eventsOverTls(dir);
        String output = run(line, dir, "dev.fluxext.cli.FluxCli", "submit", "--local", topology.toString(),
                "--duration", String.valueOf(RUN_SECONDS), "--log-file", dir.resolve("storm.log").toString());
        assertTrue(row(output, "events")[2] > 0, "events acked:\n" + output);
        assertTrue(output.contains("TLS between workers: engine ") && output.contains("no failed connections"),
                output);
        String log = Files.readString(dir.resolve("storm.log"), StandardCharsets.UTF_8);
        assertTrue(log.contains("worker TLS: engine "), "the workers run TLS");
        // A handshake happened on this line's Netty: the protocol and suite it negotiated, as LocalRunIT on 2.8.3.
        Matcher negotiated = Pattern.compile("TLS between workers: engine [^\n]*(TLSv1\\.3 TLS_[A-Z0-9_]+)")
                .matcher(output);
        assertTrue(negotiated.find(), "the summary names the negotiated protocol and suite:\n" + output);
        assertTrue(log.contains("worker TLS: negotiated " + negotiated.group(1).replace(" ", " with cipher suite ")),
                "the worker log names it too");
        Matcher batches = Pattern.compile("batch compression -> [^:]+:\\d+: (\\d+) messages in (\\d+) batches, (\\d+) -> (\\d+)"
                + " bytes \\(\\d+ %\\), (\\d+) batches rejected").matcher(output);
        int connections = 0;
        while (batches.find()) {
            connections++;
            assertTrue(Long.parseLong(batches.group(1)) > Long.parseLong(batches.group(2)), "several messages a bundle: "
                    + batches.group());
            assertTrue(Long.parseLong(batches.group(4)) < Long.parseLong(batches.group(3)), "bundles shrink: " + batches.group());
            assertEquals("0", batches.group(5), batches.group());
        }
        assertEquals(2, connections, "one line per direction between the 2 workers:\n" + output);
    }
}
