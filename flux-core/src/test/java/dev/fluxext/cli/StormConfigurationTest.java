package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.run.process.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Storm configuration Storm cannot read, met by {@code bin/flux}'s commands: a usage error with Storm's reason,
 * not an internal error after Storm's {@code Utils} failed to initialize. In a fresh JVM each (the real entry point,
 * as {@code bin/flux} runs it): a failed {@code Utils} would break every later test of this one.
 */
class StormConfigurationTest {

    private record Run(int exitCode, String output) {
    }

    private static Run flux(List<String> jvmOptions, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), "-Dlog4j2.loggerContextFactory=dev.fluxext.run.StormErrorLines"));
        command.addAll(jvmOptions);
        command.add(FluxCli.class.getName());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), output);
        return new Run(process.exitValue(), output);
    }

    private static void assertUsageErrorWithoutStackTrace(Run run, String reason) {
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.output());
        assertTrue(run.output().contains("flux: Storm cannot read its configuration (") && run.output().contains(reason),
            run.output());
        assertFalse(run.output().contains("internal error") || run.output().contains("Exception in thread")
            || run.output().contains("\tat "), run.output());
    }

    @Test
    void aMalformedStormYamlAmongTheUsersClassesIsNamedWithStormsReason(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("storm.yaml"), "topology.workers: [\n");
        Run run = flux(List.of(), "validate", "--classpath", classes.toString(), RealYamlTest.file("words.yaml"));
        assertUsageErrorWithoutStackTrace(run, "storm.yaml at file:" + classes.resolve("storm.yaml"));
        assertTrue(run.output().contains("expected the node content"), run.output());
    }

    @Test
    void aStormConfFileThatIsNotThereIsNamed() throws Exception {
        Run run = flux(List.of("-Dstorm.conf.file=no-such-storm.yaml"), "show", RealYamlTest.file("words.yaml"));
        assertUsageErrorWithoutStackTrace(run, "storm.conf.file no-such-storm.yaml");
        assertTrue(run.output().contains("Could not find config file"), run.output());
    }

    @Test
    void aReadableStormYamlChangesNothing(@TempDir Path dir) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Files.writeString(classes.resolve("storm.yaml"), "nimbus.seeds: [\"nimbus.example.com\"]\n");
        Run run = flux(List.of(), "validate", "--classpath", classes.toString(), RealYamlTest.file("words.yaml"));
        assertEquals(ExitCodes.OK, run.exitCode(), run.output());
        assertTrue(run.output().contains("is valid"), run.output());
    }
}
