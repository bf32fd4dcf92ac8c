package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** submit's fast paths: option checks, dry runs and failures that need no cluster. */
class SubmitCommandTest {

    @TempDir
    Path tmp;

    @Test
    void localOrRemoteIsRequiredAndExclusive() {
        assertEquals(ExitCodes.USAGE, CliRun.of("submit", "words.yaml").exitCode());
        CliRun both = CliRun.of("submit", "--local", "--remote", "words.yaml");
        assertEquals(ExitCodes.USAGE, both.exitCode());
        assertTrue(both.err().contains("mutually exclusive"), both.err());
    }

    @Test
    void optionsOfTheOtherModeAreRejected() {
        CliRun remoteOnly = CliRun.of("submit", "--local", "--nimbus", "localhost:6627", "words.yaml");
        assertEquals(ExitCodes.USAGE, remoteOnly.exitCode());
        assertEquals("flux: --nimbus cannot be used with --local\n", remoteOnly.err());
        CliRun localOnly = CliRun.of("submit", "--remote", "--duration", "10", "words.yaml");
        assertEquals(ExitCodes.USAGE, localOnly.exitCode());
        assertEquals("flux: --duration cannot be used with --remote\n", localOnly.err());
        assertEquals(ExitCodes.USAGE, CliRun.of("submit", "--local", "--duration", "0", "words.yaml").exitCode());
    }

    @Test
    void dryRunBuildsAndPrintsWithoutRunning() throws IOException {
        Path jar = emptyJar();
        for (String[] mode : new String[][] {{"--local"}, {"--remote", "--jar", jar.toString()}}) {
            List<String> args = new ArrayList<>(List.of("submit", "--dry-run", "words.yaml"));
            args.addAll(List.of(mode));
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(ExitCodes.OK, run.exitCode(), run.err());
            assertTrue(run.out().contains("dry run: topology 'words' built (1 spout, 2 bolts); not submitted"), run.out());
        }
    }

    @Test
    void aRemoteDryRunNamesTheNimbusEvenWhenNothingConfiguresOne() throws IOException {
        // No --nimbus, no nimbus.seeds in the topology, no storm.yaml on the test classpath: Storm's default.
        CliRun run = CliRun.of("submit", "--remote", "--dry-run", "--jar", emptyJar().toString(), "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("to Nimbus at localhost:6627 (Storm's default: no --nimbus, and no nimbus.seeds"),
            run.out());
        CliRun seeds = CliRun.of("submit", "--remote", "--dry-run", "--jar", emptyJar().toString(),
            "-c", "nimbus.seeds=[\"n1\", \"n2\"]", "-c", "nimbus.thrift.port=7000", "words.yaml");
        assertTrue(seeds.out().contains("to Nimbus at n1,n2:7000 (nimbus.seeds from the topology config)"), seeds.out());
    }

    private Path emptyJar() throws IOException {
        Path jar = tmp.resolve("app.jar");
        new JarOutputStream(Files.newOutputStream(jar)).close();
        return jar;
    }

    @Test
    void anInvalidTopologyIsNotSubmitted() {
        CliRun run = CliRun.of("submit", "--local", "broken.yaml");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().contains("broken.yaml:3:5: unknown key"), run.err());
        assertTrue(!run.out().contains("starting"), run.out());
    }

    @Test
    void remoteWithoutATopologyJarAsksForJar() {
        // The tests run from target/classes, not a jar, so flux cannot upload itself.
        CliRun run = CliRun.of("submit", "--remote", "--nimbus", "localhost:1", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("pass it with --jar FILE"), run.err());
    }

    @Test
    void aMissingJarIsAUsageError() {
        CliRun run = CliRun.of("submit", "--remote", "--jar", tmp.resolve("app.jar").toString(), "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("app.jar: no such file"), run.err());
    }

    @Test
    void anUnreachableNimbusIsOneLineWithinSecondsNamingWhereAndHowToPointElsewhere() throws IOException {
        Path jar = emptyJar();
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        long start = System.nanoTime();
        // Storm's defaults (no -c of retries here): five retries with backoff, before and inside StormSubmitter.
        CliRun run = CliRun.of("submit", "--remote", "--nimbus", "localhost:" + closedPort, "--jar", jar.toString(),
            "words.yaml");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals(ExitCodes.FAILURE, run.exitCode(), run.err());
        assertTrue(seconds < 10, "took " + seconds + " s");
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("flux: no leader Nimbus answered: Nimbus at localhost:" + closedPort
            + " (--nimbus); tried the seed host [localhost] once"), run.err());
        assertTrue(run.err().contains("--nimbus HOST[:PORT] or -c nimbus.seeds="), run.err());
    }

    @Test
    void aMalformedNimbusAddressIsAUsageError() throws IOException {
        CliRun run = CliRun.of("submit", "--remote", "--nimbus", "localhost:http", "--jar", emptyJar().toString(),
            "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("the port is not a number"), run.err());
    }

    @Test
    void aTlsTopologyWhoseFilesLiveOnTheWorkersIsSubmittableFromAMachineWithoutThem() throws IOException {
        String absent = "/etc/fluxext-test-absent/tls/";
        Path file = Files.writeString(tmp.resolve("tls.yaml"), """
            name: tls-elsewhere
            spouts:
              - id: s
                className: org.apache.storm.testing.TestWordSpout
            transport:
              type: netty
              tls:
                keystore: %sworker.p12
                truststore: %sca.p12
                password: {file: %stls.pass}
            """.formatted(absent, absent, absent));
        Map<String, String> env = Map.of("PATH", System.getenv().getOrDefault("PATH", ""));
        String oneLine = file + ":8:15: warning: the TLS stores and password file are not on this machine: each "
            + "worker checks them at start\n";

        CliRun dryRun = CliRun.with(FluxLoader::load, env, "submit", "--remote", "--dry-run", "--jar",
            emptyJar().toString(), file.toString());
        assertEquals(ExitCodes.OK, dryRun.exitCode(), dryRun.err());
        assertEquals(oneLine, dryRun.err());

        CliRun validate = CliRun.with(FluxLoader::load, env, "validate", file.toString());
        assertEquals(ExitCodes.OK, validate.exitCode(), validate.err());
        assertEquals(oneLine, validate.err());

        // --local runs the workers here: what is not here is an error, each missing file named.
        CliRun local = CliRun.with(FluxLoader::load, env, "submit", "--local", "--duration", "5", file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, local.exitCode(), local.err());
        assertTrue(local.err().startsWith(file + ":8:15: --local runs the workers on this machine, where " + absent
            + "worker.p12 does not exist, " + absent + "ca.p12 does not exist, " + absent + "tls.pass does not "
            + "exist: give the paths of this machine's stores and password file (flux tls init DIR makes them)\n"),
            local.err());
        assertTrue(!local.out().contains("starting"), local.out());
    }

    /**
     * A Storm TLS password given with -c is warned about as the same key in the file is, and what show and --dry-run
     * print of the config hides it (Storm still gets it).
     */
    @Test
    void aTlsPasswordGivenWithDashCIsWarnedAboutAndHidden() {
        String secret = "dash-c-secret-4711";
        for (String key : List.of("storm.messaging.netty.tls.keystore.password",
                "storm.messaging.netty.tls.client.truststore.password")) {
            for (List<String> command : List.of(List.of("submit", "--local", "--dry-run"), List.of("show"))) {
                List<String> args = new ArrayList<>(command);
                args.addAll(List.of("-c", key + "=" + secret, "words.yaml"));
                CliRun run = CliRun.of(args.toArray(String[]::new));
                assertEquals(ExitCodes.OK, run.exitCode(), run.err());
                assertTrue(run.err().contains("-c " + key + ": warning: " + key + " puts the password into the "
                        + "topology config, which Storm logs and its UI shows"), run.err());
                assertTrue(run.out().contains(key) && run.out().contains("<hidden: a TLS password>"), run.out());
                assertTrue(!run.out().contains(secret) && !run.err().contains(secret), run.out() + run.err());
            }
        }
    }
}
