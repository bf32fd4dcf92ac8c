package dev.fluxext.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A Storm user's own project, start to finish: a copy of {@code examples/starter} (package
 * {@code com.example.greetings}) is built with Maven against the fluxext artifacts this build installed into a
 * private local repository ({@code target/it-repo}; every other artifact comes from the outer build's local
 * repository through a {@code file://} repository, so no writes to {@code ~/.m2} and no network once the outer
 * build has run). Then the
 * {@code flux} CLI, whose class path has fluxext and Storm but none of the user's classes, validates, shows and
 * runs the topology from the project's topology jar, and the Maven plugin fails the build on a broken file.
 */
class UserProjectIT {

    private static final String JAR = "target/greetings-topology-1.0-SNAPSHOT-topology.jar";
    private static final String TOPOLOGY = "src/main/topologies/greetings.yaml";
    /** A safety net for a hung child process, far above what each step takes. */
    private static final long TIMEOUT_MINUTES = 10;

    private static Path project;
    private static Path settings;
    private static String firstBuildOutput;

    private record Run(int exitCode, String output) {
    }

    @BeforeAll
    static void buildTheUserProject() throws Exception {
        Path work = Path.of(System.getProperty("it.work"));
        deleteRecursively(work); // the previous run's project and outputs
        project = work.resolve("greetings");
        copyRecursively(Path.of(System.getProperty("starter.dir")), project);
        settings = work.resolve("settings.xml");
        Files.writeString(settings, settingsXml(Path.of(System.getProperty("it.repo")),
                Path.of(System.getProperty("mirror.repo"))));
        Run build = maven("verify");
        firstBuildOutput = build.output();
        assertEquals(0, build.exitCode(), build.output());
    }

    @Test
    void mavenBuildsTheTopologyJarWithoutStormAndThePluginPassesTheGoodFile() throws IOException {
        assertTrue(firstBuildOutput.contains("flux-maven-plugin:" + System.getProperty("fluxext.version")
                + ":validate"), firstBuildOutput);
        assertTrue(firstBuildOutput.contains("1 topology file valid"), firstBuildOutput);
        List<String> entries = jarEntries(project.resolve(JAR));
        assertTrue(entries.contains("com/example/greetings/GreetingBolt.class"), "user classes missing");
        assertTrue(entries.contains("dev/fluxext/load/FluxLoader.class"), "flux-core missing");
        assertTrue(entries.stream().noneMatch(e -> e.startsWith("org/apache/storm/")), "Storm bundled");
        assertTrue(entries.stream().noneMatch(e -> e.startsWith("org/yaml/snakeyaml/")), "SnakeYAML not relocated");
        assertTrue(entries.stream().noneMatch(e -> e.startsWith("com/fasterxml/jackson/")), "Jackson not relocated");
    }

    @Test
    void pluginFailsTheBuildWithPositionsOfABrokenFile() throws Exception {
        Path broken = project.resolve("src/main/topologies/broken.yaml");
        Files.writeString(broken, """
                name: broken
                spouts:
                  - id: names
                    className: com.example.greetings.NameSpout
                    constructorArgs: [[Ada]]
                bolts:
                  - id: greet
                    className: com.example.greetings.GreetBolt
                    paralelism: 2
                streams:
                  - {from: names, to: greet, grouping: {type: SHUFFLE}}
                """);
        try {
            Run run = maven("fluxext:validate");
            assertNotEquals(0, run.exitCode(), run.output());
            String file = Path.of("src/main/topologies/broken.yaml").toString();
            assertTrue(run.output().contains("[ERROR] " + file + ":8:16: class com.example.greetings.GreetBolt "
                    + "not found; did you mean com.example.greetings.GreetingBolt?"), run.output());
            assertTrue(run.output().contains("[ERROR] " + file + ":9:5: unknown key 'paralelism'"), run.output());
            assertTrue(run.output().contains("2 errors in topology files (listed above)"), run.output());
            assertEquals(1, run.output().split(java.util.regex.Pattern.quote(file + ":8:16:"), -1).length - 1,
                    "each problem printed once:\n" + run.output());
            assertTrue(!run.output().contains("greetings.yaml:"), "the good file has no findings:\n" + run.output());
        } finally {
            Files.delete(broken);
        }
    }

    @Test
    void fluxValidateLoadsTheUserClassesFromTheJarOnly() throws Exception {
        Run without = flux("validate", TOPOLOGY);
        assertEquals(1, without.exitCode(), without.output());
        assertTrue(without.output().contains("class com.example.greetings.NameSpout not found"), without.output());

        Run with = flux("validate", "--jar", JAR, TOPOLOGY);
        assertEquals(0, with.exitCode(), with.output());
        assertTrue(with.output().contains(TOPOLOGY + ": topology 'greetings' is valid"), with.output());
    }

    @Test
    void fluxShowPrintsTheUserComponents() throws Exception {
        Run run = flux("show", "--format", "json", "--jar", JAR, TOPOLOGY);
        assertEquals(0, run.exitCode(), run.output());
        for (String component : List.of("NameSpout", "GreetingBolt", "GreetingCountBolt")) {
            assertTrue(run.output().contains("com.example.greetings." + component), run.output());
        }
    }

    @Test
    void fluxSubmitLocalRunsTuplesThroughTheUserBolts() throws Exception {
        Path summary = project.resolve("target/summary.json");
        Run run = flux("submit", "--local", "--jar", JAR, TOPOLOGY, "--duration", "15", "--interval", "5",
                "--summary-json", summary.toString(), "--log-file", project.resolve("target/storm.log").toString());
        assertEquals(0, run.exitCode(), run.output());
        JsonNode components = new ObjectMapper().readTree(summary.toFile()).path("components");
        long acked = components.path("names").path("acked").asLong();
        long greeted = components.path("greet").path("executed").asLong();
        long counted = components.path("count").path("executed").asLong();
        assertTrue(acked > 0, "no name made it through both bolts: " + components);
        // Every greeting the spout saw acked went through both bolts first.
        assertTrue(greeted >= acked && counted >= acked, components.toString());
        assertEquals(0, components.path("names").path("failed").asLong(), components.toString());
    }

    private static Run maven(String... goals) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("maven.home"), "bin", "mvn")
                .toString(), "-B", "-s", settings.toString(),
                "-Dfluxext.version=" + System.getProperty("fluxext.version")));
        command.addAll(List.of(goals));
        return run(command, "mvn " + String.join(" ", goals));
    }

    /** The CLI as {@code bin/flux} starts it, with fluxext and Storm on its class path and nothing of the user's. */
    private static Run flux(String... args) throws IOException, InterruptedException {
        String classpath = Files.readString(Path.of(System.getProperty("cli.classpath"))).strip();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", classpath));
        if (!args[0].equals("submit")) {
            command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")); // bin/flux's short-command JVM
        }
        command.add("dev.fluxext.cli.FluxCli");
        command.addAll(List.of(args));
        return run(command, "flux " + args[0]);
    }

    private static Run run(List<String> command, String name) throws IOException, InterruptedException {
        Path output = Files.createTempFile(project.getParent(), "output", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(project.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().remove("MAVEN_OPTS"); // the outer build's options are not the user's
        Process process = builder.start();
        if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(name + " did not end within " + TIMEOUT_MINUTES + " minutes:\n"
                    + Files.readString(output));
        }
        return new Run(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    }

    /**
     * The private local repository, and the outer build's local repository standing in for Maven Central (it has
     * no checksum files, hence {@code ignore}); the real Maven Central only for what the outer build never needed
     * (a fresh clone's first build), and not at all when the outer build runs offline. The inner build itself is
     * never offline: Maven refuses even a {@code file:} repository offline, so a fresh private repository could not
     * be filled from the outer one. No snapshots from either: the fluxext artifacts come from the private repository
     * or not at all.
     */
    private static String settingsXml(Path localRepository, Path mirror) {
        boolean offline = "offline=true".equals(System.getProperty("outer.offline"));
        String repositories = """
                <%1$s><id>central</id><url>%2$s</url>
                  <releases><checksumPolicy>ignore</checksumPolicy></releases>
                  <snapshots><enabled>false</enabled></snapshots></%1$s>""" + (offline ? "" : """

                <%1$s><id>maven-central</id><url>https://repo.maven.apache.org/maven2</url>
                  <snapshots><enabled>false</enabled></snapshots></%1$s>""");
        return """
                <settings>
                  <localRepository>%s</localRepository>
                  <mirrors><mirror><id>outer-build</id><mirrorOf>*,!central,!maven-central</mirrorOf><url>%s</url></mirror></mirrors>
                  <profiles><profile><id>outer-build</id>
                    <repositories>%s</repositories>
                    <pluginRepositories>%s</pluginRepositories>
                  </profile></profiles>
                  <activeProfiles><activeProfile>outer-build</activeProfile></activeProfiles>
                </settings>
                """.formatted(localRepository, mirror.toUri(),
                repositories.formatted("repository", mirror.toUri()),
                repositories.formatted("pluginRepository", mirror.toUri()));
    }

    private static List<String> jarEntries(Path jar) throws IOException {
        try (java.util.jar.JarFile file = new java.util.jar.JarFile(jar.toFile())) {
            return file.stream().map(java.util.jar.JarEntry::getName).toList();
        }
    }

    private static void copyRecursively(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            walk.filter(p -> !from.relativize(p).startsWith("target")).forEach(p -> {
                try {
                    Path target = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(p, target);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
