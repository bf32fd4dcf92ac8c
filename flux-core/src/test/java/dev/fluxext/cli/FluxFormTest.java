package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.run.process.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/flux} given Storm Flux's command form ({@code flux --local FILE}) instead of one of its commands. */
class FluxFormTest {

    @TempDir
    Path tmp;

    @Test
    void dryRunInFluxsFormBuildsAndPrintsWithFluxsMeaning() throws Exception {
        Path props = Files.writeString(tmp.resolve("p.properties"), "a=b\n");
        CliRun run = CliRun.of("--dry-run", "--no-splash", "--filter", props.toString(), "-e", "-R",
            "-c", "topology.workers=4", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertFalse(run.out().contains("fluxext 0.1.0"), run.out());
        assertTrue(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
        assertTrue(run.out().contains("not submitted"), run.out());
        assertEquals(props, TestTopologies.lastOptions.filter().orElseThrow());
        assertTrue(TestTopologies.lastOptions.envFilter());
        assertTrue(TestTopologies.lastOptions.resource());
        assertEquals(Map.of("topology.workers", 4), TestTopologies.lastOptions.configOverrides());
    }

    @Test
    void theFileMayComeFirstAndNoDetailDropsTheTopologysDetails() {
        CliRun run = CliRun.of("words.yaml", "--dry-run", "--no-detail");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("fluxext 0.1.0-SNAPSHOT"), run.out());
        assertTrue(run.out().contains("built (1 spout, 2 bolts); not submitted"), run.out());
        assertFalse(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
    }

    @Test
    void remoteInFluxsFormAsksForTheJarWithAnOptionItAccepts() {
        CliRun run = CliRun.of("--remote", "--no-splash", "--no-detail", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.out());
        assertTrue(run.err().contains("pass it with --jar FILE"), run.err());
        CliRun withJar = CliRun.of("--remote", "--jar", tmp.resolve("missing.jar").toString(), "words.yaml");
        // --jar is taken: what fails is the missing file, a usage error like any other.
        assertEquals(ExitCodes.USAGE, withJar.exitCode(), withJar.err());
        assertTrue(withJar.err().contains("missing.jar: no such file"), withJar.err());
        assertFalse(withJar.err().contains("Unknown option"), withJar.err());
    }

    @Test
    void stormFlagsWithoutUseHereSayWhatReplacesThem() {
        CliRun zookeeper = CliRun.of("--local", "--zookeeper", "zk1:2181", "words.yaml");
        assertEquals(ExitCodes.USAGE, zookeeper.exitCode());
        assertTrue(zookeeper.err().contains("--zookeeper is not needed: --local starts its own in-process ZooKeeper"),
            zookeeper.err());
        assertTrue(zookeeper.err().contains("submit with --remote"), zookeeper.err());
        CliRun shortZookeeper = CliRun.of("-l", "-z", "zk1:2181", "words.yaml");
        assertEquals(ExitCodes.USAGE, shortZookeeper.exitCode());
        assertEquals(zookeeper.err(), shortZookeeper.err());

        CliRun ttl = CliRun.of("--local", "--local-ttl", "30", "words.yaml");
        assertEquals(ExitCodes.USAGE, ttl.exitCode());
        assertTrue(ttl.err().contains("--local --sleep 30000"), ttl.err());

        CliRun jars = CliRun.of("--remote", "--jars", "a.jar,b.jar", "words.yaml");
        assertEquals(ExitCodes.USAGE, jars.exitCode());
        assertTrue(jars.err().contains("give each jar with --jar FILE"), jars.err());
    }

    @Test
    void aMistakeInFluxsFormIsNamedUnderFluxsName() {
        CliRun run = CliRun.of("--local", "--no-such-flag", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().startsWith("Unknown option: '--no-such-flag'"), run.err());
        assertTrue(run.err().endsWith("Try 'flux --help' for more information.\n"), run.err());
    }

    @Test
    void commandsHelpAndVersionKeepTheirMeaning() {
        CliRun help = CliRun.of("--help");
        assertEquals(ExitCodes.OK, help.exitCode(), help.err());
        assertTrue(help.out().contains("Storm Flux's command form works too"), help.out());
        CliRun version = CliRun.of("--version");
        assertEquals(ExitCodes.OK, version.exitCode(), version.err());
        assertTrue(version.out().contains("fluxext"), version.out());
        assertEquals(ExitCodes.OK, CliRun.of("validate", "words.yaml").exitCode());
        CliRun typo = CliRun.of("deploy", "words.yaml");
        assertEquals(ExitCodes.USAGE, typo.exitCode(), typo.err());
        assertTrue(typo.err().contains("deploy"), typo.err());
    }
}
