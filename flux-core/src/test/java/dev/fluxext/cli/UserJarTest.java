package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every topology-reading command with the user's own classes, from a jar the test compiles (package userpkg). The
 * local run with them, a cluster test, is {@link UserJarLocalRunIT}.
 */
class UserJarTest {

    @TempDir
    Path tmp;

    private Path topology;

    @BeforeEach
    void writeTopology() throws IOException {
        topology = tmp.resolve("user.yaml");
        Files.writeString(topology, UserJar.TOPOLOGY);
    }

    private CliRun run(Map<String, String> environment, String... args) {
        return CliRun.with(FluxLoader::load, environment, args);
    }

    private CliRun run(String... args) {
        return run(Map.of(), args);
    }

    @Test
    void withoutTheJarTheUsersClassesAreNotFound() {
        CliRun run = run("validate", topology.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode(), run.out() + run.err());
        assertTrue(run.err().contains("class userpkg.NumberSpout not found"), run.err());
    }

    @Test
    void aJarBesideTheFileIsNamedWithTheJarToAddAndGraphDrawsWithoutIt() throws IOException {
        Path jar = UserJar.jar(tmp, Map.of()); // tmp/user.jar, beside tmp/user.yaml, not on the classpath
        String hint = "flux: package userpkg is in " + jar + ", next to the topology file: add --jar " + jar;

        CliRun validate = run("validate", topology.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, validate.exitCode(), validate.err());
        assertTrue(validate.err().contains("class userpkg.NumberSpout not found"), validate.err());
        assertTrue(validate.err().contains(hint), validate.err());

        CliRun graph = run("graph", "--format", "mermaid", topology.toString());
        assertEquals(ExitCodes.OK, graph.exitCode(), graph.err());
        assertTrue(graph.out().contains("numbers") && graph.out().contains("double"), graph.out());
        assertTrue(graph.err().startsWith("flux: graph: not checked: 2 classes of userpkg, which is not on the "
            + "classpath"), graph.err());
        assertTrue(graph.err().contains(hint), graph.err());
        assertTrue(!graph.err().contains("not found"), "one line instead of an error per class: " + graph.err());

        // A class missing from a package that is on the classpath is a mistake in the file, not a missing jar.
        Files.writeString(topology, UserJar.TOPOLOGY.replace("userpkg.NumberSpout", "org.apache.storm.testing.TestWordSpou"));
        CliRun typo = run("graph", topology.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, typo.exitCode(), typo.out());
        assertTrue(typo.err().contains("class org.apache.storm.testing.TestWordSpou not found; did you mean "
            + "org.apache.storm.testing.TestWordSpout?"), typo.err());
    }

    @Test
    void validateShowAndGraphLoadTheUsersClassesFromTheJar() throws IOException {
        Path jar = UserJar.jar(tmp, Map.of());

        CliRun validate = run("validate", "--jar", jar.toString(), topology.toString());
        assertEquals(ExitCodes.OK, validate.exitCode(), validate.err());
        assertTrue(validate.out().contains("topology 'user-topology' is valid (1 spout, 1 bolt)"), validate.out());

        CliRun show = run("show", "--format", "json", "--jar", jar.toString(), topology.toString());
        assertEquals(ExitCodes.OK, show.exitCode(), show.err());
        JsonNode components = new ObjectMapper().readTree(show.out()).get("components");
        assertEquals("userpkg.NumberSpout", components.get(0).get("className").asText(), show.out());
        assertEquals("userpkg.DoublingBolt", components.get(1).get("className").asText(), show.out());
        assertTrue(components.get(1).get("outputs").toString().contains("doubled"), show.out());

        CliRun graph = run("graph", "--format", "mermaid", "--jar", jar.toString(), topology.toString());
        assertEquals(ExitCodes.OK, graph.exitCode(), graph.err());
        assertTrue(graph.out().contains("numbers") && graph.out().contains("double"), graph.out());

        // The next command in the same JVM no longer sees them: the loader belongs to one command.
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run("validate", topology.toString()).exitCode());
    }

    @Test
    void classDirectoriesComeFromClasspathAndFluxClasspath() throws IOException {
        Path classes = UserJar.compile(tmp);
        String path = tmp.resolve("missing-is-skipped-only-when-empty") + "::" + classes;

        CliRun bad = run("validate", "--classpath", path, topology.toString());
        assertEquals(ExitCodes.USAGE, bad.exitCode());
        assertTrue(bad.err().contains("--classpath entry " + tmp.resolve("missing-is-skipped-only-when-empty")
            + ": no such file or directory"), bad.err());

        CliRun option = run("validate", "--classpath", classes.toString(), topology.toString());
        assertEquals(ExitCodes.OK, option.exitCode(), option.err());

        CliRun environment = run(Map.of("FLUX_CLASSPATH", ":" + classes), "validate", topology.toString());
        assertEquals(ExitCodes.OK, environment.exitCode(), environment.err());
    }

    @Test
    void remoteDryRunLoadsTheJarItWouldUpload() throws IOException {
        Path jar = UserJar.jar(tmp, Map.of());
        CliRun run = run("submit", "--remote", "--dry-run", "--nimbus", "nimbus.example:6627", "--jar", jar.toString(),
            topology.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("userpkg.DoublingBolt"), run.out());
        assertTrue(run.out().contains("would upload " + jar + " to Nimbus at nimbus.example:6627"), run.out());
    }

    @Test
    void remoteUploadsOneJar() throws IOException {
        Path jar = UserJar.jar(tmp, Map.of());
        CliRun run = run("submit", "--remote", "--jar", jar.toString(), "--jar", jar.toString(), topology.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("--remote uploads one jar, and 2 were given"), run.err());
    }

    @Test
    void aJarBundlingStormIsRejectedWithThePomFix() throws IOException {
        String stormClass = "org/apache/storm/Config.class";
        Path jar = UserJar.jar(tmp, Map.of(stormClass, UserJar.stormClassFile(tmp, stormClass)));
        CliRun run = run("validate", "--jar", jar.toString(), topology.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("bundles Apache Storm itself (" + stormClass + ")"), run.err());
        assertTrue(run.err().contains("<scope>provided</scope>"), run.err());
    }
}
