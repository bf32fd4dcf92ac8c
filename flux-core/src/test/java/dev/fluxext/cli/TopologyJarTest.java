package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarOutputStream;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which jar {@code submit --remote} uploads, every rule of {@link TopologyJar}: the topology's classes live in jars
 * the test compiles (packages userpkg and sourcepkg, which flux's classpath does not have), and where flux runs from
 * is given, as the test itself runs from class directories.
 */
class TopologyJarTest {

    /** A bolt whose static initializer fails: loading it to find its jar must not initialize it. */
    private static final Map<String, String> LOUD_BOLT = Map.of("userpkg/LoudBolt.java", """
        package userpkg;
        public class LoudBolt extends DoublingBolt {
            static { if (true) throw new IllegalStateException("user code ran"); }
        }
        """);

    private static final Map<String, String> TOPOLOGY_SOURCE = Map.of("sourcepkg/Source.java", """
        package sourcepkg;
        public class Source {
            public org.apache.storm.generated.StormTopology getTopology() { return null; }
        }
        """);

    /** The user's spout and (loud) bolt, and one of Storm's, which the cluster has. */
    private static final String TOPOLOGY = """
        name: jar-choice
        spouts:
          - id: numbers
            className: userpkg.NumberSpout
        bolts:
          - id: double
            className: userpkg.LoudBolt
          - id: log
            className: org.apache.storm.testing.TestWordCounter
        streams:
          - from: numbers
            to: double
            grouping: {type: SHUFFLE}
          - from: double
            to: log
            grouping: {type: SHUFFLE}
        """;

    @TempDir
    Path tmp;

    private Path userJar;
    private Path sourceJar;
    private URLClassLoader loader;

    @BeforeEach
    void buildJars() throws IOException {
        Map<String, String> user = new HashMap<>(UserJar.SOURCES);
        user.putAll(LOUD_BOLT);
        userJar = UserJar.jarOf(Files.createDirectories(tmp.resolve("user")), user);
        sourceJar = UserJar.jarOf(Files.createDirectories(tmp.resolve("source")), TOPOLOGY_SOURCE);
        loader = new URLClassLoader(new URL[] {userJar.toUri().toURL(), sourceJar.toUri().toURL()},
            getClass().getClassLoader());
    }

    @AfterEach
    void closeLoader() throws IOException {
        loader.close();
    }

    @Test
    void theOneJarGivenWithJarIsUploaded() throws IOException {
        Path given = emptyJar("given.jar");
        assertEquals(given, TopologyJar.choose(List.of(given), model(TOPOLOGY), loader,
            Optional.of(emptyJar("storm-jar.jar")), Optional.of(userJar)));
    }

    @Test
    void moreThanOneJarIsAUsageError() throws IOException {
        CliException e = assertThrows(CliException.class, () -> TopologyJar.choose(List.of(userJar, sourceJar),
            model(TOPOLOGY), loader, Optional.empty(), Optional.of(userJar)));
        assertEquals(ExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains("--remote uploads one jar, and 2 were given with --jar"), e.getMessage());
    }

    @Test
    void withoutJarTheJarStormJarRunsIsUploaded() throws IOException {
        Path stormJar = emptyJar("storm-jar.jar");
        assertEquals(stormJar, TopologyJar.choose(List.of(), model(TOPOLOGY), loader, Optional.of(stormJar),
            Optional.empty()));
    }

    @Test
    void fluxsOwnJarIsUploadedWhenItHoldsEveryClassOfTheTopologyButStorms() throws IOException {
        // LoudBolt is among them: had its static initializer run, this would throw.
        assertEquals(userJar, TopologyJar.choose(List.of(), model(TOPOLOGY), loader, Optional.empty(),
            Optional.of(userJar)));
        // Only Storm's classes: nothing of the topology's own is missing from whatever jar flux runs from.
        Path fluxJar = emptyJar("flux.jar");
        assertEquals(fluxJar, TopologyJar.choose(List.of(), model(TOPOLOGY.replace("userpkg.NumberSpout",
                "org.apache.storm.testing.TestWordSpout").replace("userpkg.LoudBolt",
                "org.apache.storm.testing.TestWordCounter")), loader, Optional.empty(), Optional.of(fluxJar)));
    }

    @Test
    void classesFromElsewhereAreAUsageErrorNamingWhereTheyComeFrom() throws IOException {
        CliException e = assertThrows(CliException.class, () -> TopologyJar.choose(List.of(), model(TOPOLOGY),
            loader, Optional.empty(), Optional.of(emptyJar("flux.jar"))));
        assertEquals(ExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().endsWith("pass it with --jar FILE; the topology's classes come from " + userJar),
            e.getMessage());
        String stormClient = StormTopology.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertFalse(e.getMessage().contains(stormClient), e.getMessage());
    }

    @Test
    void fluxRunningFromClassDirectoriesHasNoJarToUpload() throws IOException {
        Path classes = UserJar.compile(tmp.resolve("dir"));
        try (URLClassLoader fromDirectory = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader())) {
            CliException e = assertThrows(CliException.class, () -> TopologyJar.choose(List.of(),
                model(UserJar.TOPOLOGY), fromDirectory, Optional.empty(), Optional.of(classes)));
            assertTrue(e.getMessage().endsWith("the topology's classes come from " + classes), e.getMessage());
        }
    }

    @Test
    void aTopologySourcesClassMustComeFromTheJarToo() throws IOException {
        TopologyDef model = model("name: from-source\ntopologySource:\n  className: sourcepkg.Source\n");
        CliException e = assertThrows(CliException.class, () -> TopologyJar.choose(List.of(), model, loader,
            Optional.empty(), Optional.of(userJar)));
        assertTrue(e.getMessage().endsWith("the topology's classes come from " + sourceJar), e.getMessage());
        assertEquals(sourceJar, TopologyJar.choose(List.of(), model, loader, Optional.empty(), Optional.of(sourceJar)));
    }

    @Test
    void theCommandLooksClassesUpWithTheUsersLoaderAndReadsStormJar() throws IOException {
        Path file = Files.writeString(tmp.resolve("user.yaml"), UserJar.TOPOLOGY);
        String[] args = {"submit", "--remote", "--dry-run", "--nimbus", "nimbus.example:6627", "--classpath",
            userJar.toString(), file.toString()};

        CliRun fromClasspath = CliRun.with(FluxLoader::load, Map.of(), args);
        assertEquals(ExitCodes.USAGE, fromClasspath.exitCode(), fromClasspath.out() + fromClasspath.err());
        assertTrue(fromClasspath.err().contains("the topology's classes come from " + userJar), fromClasspath.err());

        Path stormJar = emptyJar("storm-jar.jar");
        String previous = System.setProperty("storm.jar", stormJar.toString());
        try {
            CliRun underStormJar = CliRun.with(FluxLoader::load, Map.of(), args);
            assertEquals(ExitCodes.OK, underStormJar.exitCode(), underStormJar.err());
            assertTrue(underStormJar.out().contains("would upload " + stormJar + " to Nimbus at nimbus.example:6627"),
                underStormJar.out());
        } finally {
            if (previous == null) {
                System.clearProperty("storm.jar");
            } else {
                System.setProperty("storm.jar", previous);
            }
        }
    }

    /** The checked model of {@code yaml}: read and checked, nothing loaded or built. */
    private TopologyDef model(String yaml) throws IOException {
        Path file = Files.writeString(Files.createTempFile(tmp, "topology", ".yaml"), yaml);
        Diagnostics diagnostics = new Diagnostics();
        TopologyDef model = FluxLoader.analyze(LoadOptions.of(file.toString()), diagnostics).orElseThrow();
        assertFalse(diagnostics.hasErrors(), diagnostics.all().toString());
        return model;
    }

    private Path emptyJar(String name) throws IOException {
        Path jar = tmp.resolve(name);
        new JarOutputStream(Files.newOutputStream(jar)).close();
        return jar;
    }
}
