package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clone's {@code bin/flux} after a build: its class-data-sharing archive holds the classes of a {@code validate}
 * and of a local run (Nimbus, the supervisors' slots, a worker, Netty), and the next command maps it. The clone is
 * a copy with this module's jar and classpath, and a stand-in {@code mvn} that builds nothing and succeeds; the
 * archive is made for real (a 6-s local run of the word count, then the JVM's dump).
 */
class LauncherArchiveIT {

    @TempDir
    Path tmp;

    @Test
    void aBuildLeavesAnArchiveOfALocalRunsClassesThatTheNextCommandMaps() throws Exception {
        Path root = tmp.resolve("clone");
        Path target = Files.createDirectories(root.resolve("examples/target"));
        Files.createDirectories(root.resolve("bin"));
        Files.createDirectories(root.resolve("examples/topologies"));
        Files.copy(Path.of("../bin/flux"), root.resolve("bin/flux"));
        Files.setPosixFilePermissions(root.resolve("bin/flux"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(Path.of("topologies/wordcount.yaml"), root.resolve("examples/topologies/wordcount.yaml"));
        Files.copy(Path.of(System.getProperty("launcher.jar")), target.resolve("examples-0.1.0-SNAPSHOT.jar"));
        Files.copy(Path.of(System.getProperty("launcher.classpath")), target.resolve("flux.classpath"));
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        Path mvn = Files.writeString(tools.resolve("mvn"), "#!/usr/bin/env bash\necho '[INFO] BUILD SUCCESS'\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));

        String built = flux(root, tools, Map.of(), "version");
        assertTrue(built.contains("flux: preparing a class-data archive"), built);
        assertTrue(built.contains("Storm 2.8.3"), built);
        Path archive = target.resolve("flux-cds.jsa");
        assertTrue(Files.isRegularFile(archive), built);
        assertEquals(String.valueOf(Files.size(archive)), Files.readString(target.resolve("flux-cds.jsa.size")).strip());
        try (Stream<Path> left = Files.list(target)) {
            List<String> names = left.map(p -> p.getFileName().toString()).filter(n -> n.contains("classlist")).toList();
            assertTrue(names.isEmpty(), "the class lists and their run's log are removed: " + names);
        }

        String classpath = target.resolve("examples-0.1.0-SNAPSHOT.jar") + ":"
                + Files.readString(target.resolve("flux.classpath")).strip();
        String dictionary = run(List.of(java(), "-Xshare:on", "-XX:SharedArchiveFile=" + archive, "-cp", classpath,
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintSharedArchiveAndExit", "-XX:+PrintSharedDictionary"),
                Map.of());
        for (String local : List.of("org.apache.storm.daemon.nimbus.Nimbus", "org.apache.storm.daemon.supervisor.Slot",
                "org.apache.storm.daemon.worker.Worker", "org.apache.storm.messaging.netty.Client",
                "dev.fluxext.run.LocalRunner", "dev.fluxext.cli.ValidateCommand", "picocli.CommandLine")) {
            assertTrue(dictionary.contains(" " + local + " "), local + " is not in the archive");
        }

        // -Xshare:on after the launcher's options: the JVM fails rather than run without the archive. It maps the
        // archive where it was made: no relocation of its pointers (JDK 17.0.15 relocates by default).
        String again = flux(root, tools, Map.of("FLUX_JAVA_OPTS", "-Xshare:on -Xlog:cds=info"), "version");
        assertFalse(again.contains("flux: building"), again);
        assertTrue(again.contains("Storm 2.8.3"), again);
        assertTrue(again.contains("Mapped static  region #0 at base 0x0000000800000000"), again);
        assertFalse(again.contains("at an alternative address"), again);
    }

    private static String flux(Path root, Path tools, Map<String, String> env, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(root.resolve("bin/flux").toString()));
        command.addAll(List.of(args));
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("PATH", tools + ":" + System.getenv("PATH"));
        all.put("JAVA_HOME", System.getProperty("java.home"));
        return run(command, all);
    }

    private static String run(List<String> command, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(180, TimeUnit.SECONDS), output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
