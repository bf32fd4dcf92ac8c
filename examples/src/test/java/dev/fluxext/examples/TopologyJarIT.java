package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.examples.cluster.StormJars;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded topology jar (built by `package`, classifier {@code topology}) is what `storm jar` and
 * `flux submit --remote --jar` upload: it must carry the topology's classes and their libraries, and never
 * Storm itself, which the cluster provides (a second copy breaks workers in subtle ways).
 */
class TopologyJarIT {

    private static final Path JAR = Path.of(System.getProperty("topology.jar", "target/examples-topology.jar"));

    private static List<String> entries() throws IOException {
        assertTrue(Files.isRegularFile(JAR), "no topology jar at " + JAR + "; run `mvn verify`");
        try (JarFile jar = new JarFile(JAR.toFile())) {
            return jar.stream().map(JarEntry::getName).toList();
        }
    }

    @Test
    void holdsNoStormClasses() throws IOException {
        List<String> storm = entries().stream().filter(name -> name.startsWith("org/apache/storm/")).limit(5).toList();
        assertEquals(List.of(), storm, "Storm must stay out of the topology jar: declare it <scope>provided</scope>");
    }

    @Test
    void leavesLoggingToTheWorker() throws IOException {
        assertEquals(List.of(), entries().stream().filter(name -> name.startsWith("org/slf4j/")).limit(5).toList());
    }

    @Test
    void holdsTheExamplesTheLoaderTheCodecsAndTheBundledText() throws IOException {
        List<String> entries = entries();
        for (String expected : List.of(
                "dev/fluxext/examples/SentenceSpout.class",
                "dev/fluxext/load/FluxLoader.class",
                "dev/fluxext/compression/storm/CompressionSetup.class",
                "com/github/luben/zstd/Zstd.class",
                "org/yaml/snakeyaml/Yaml.class",
                "texts/federalist-papers-1-5.txt",
                "topologies/wordcount.yaml")) {
            assertTrue(entries.contains(expected), expected + " missing from " + JAR);
        }
    }

    /**
     * What {@code storm jar examples-topology.jar dev.fluxext.cli.Flux --resource topologies/wordcount.yaml} does:
     * a JVM with only the topology jar and Storm's libraries loads the YAML bundled in the jar and builds every
     * spout and bolt from the jar's classes ({@code --dry-run} stops short of contacting Nimbus).
     */
    @Test
    void runsTheStormWayWithNothingButStorm(@TempDir Path dir) throws Exception {
        String stormClasspath = StormJars.classpath();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path output = dir.resolve("output.txt");
        Process process = new ProcessBuilder(java.toString(), "-cp", JAR + File.pathSeparator + stormClasspath,
                "dev.fluxext.cli.Flux", "--dry-run", "--resource", "topologies/wordcount.yaml")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "storm-style dry run did not end within 60 s");
        String printed = Files.readString(output);
        assertEquals(0, process.exitValue(), printed);
        for (String component : List.of("sentences", "split", "count", "report")) {
            assertTrue(printed.contains(component), component + " missing from:\n" + printed);
        }
    }

    @Test
    void carriesNoSignatureOfTheJarsItWasMergedFrom() throws IOException {
        List<String> signatures = entries().stream()
                .filter(name -> name.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)")).toList();
        assertEquals(List.of(), signatures);
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertNotNull(jar.getManifest());
            assertEquals("true", jar.getManifest().getMainAttributes().getValue("Multi-Release"));
        }
    }
}
