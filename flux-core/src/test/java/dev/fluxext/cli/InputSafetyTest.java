package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.TopologyFiles;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import dev.fluxext.run.process.StormConfigFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the CLI reads and prints when the input is hostile: special files refused at once with a clean message,
 * substituted values (a secret from the environment) never printed in diagnostics, text or JSON, nor by show unless
 * asked, and plain validate saying that it ran the file's code.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // a FIFO that was opened would block forever
class InputSafetyTest {

    private static final String SECRET = TopologyFiles.SECRET;
    private static final Map<String, String> ENV = Map.of("TOKEN", SECRET, "SHORT", "abc");

    private static final String TOPOLOGY = "name: safe\n" + TopologyFiles.WORDS_TO_COUNT;

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return TopologyFiles.write(dir, name, text);
    }

    private static CliRun run(String... args) {
        return CliRun.with(FluxLoader::load, ENV, args);
    }

    @Test
    void aFifoAsFilterIsAUsageErrorAtOnce() throws Exception {
        Path fifo = TopologyFiles.fifo(dir, "props");
        CliRun run = run("validate", "--static", "--filter", fifo.toString(), write("t.yaml", TOPOLOGY).toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("flux: --filter properties file '" + fifo + "' is not a regular file (a FIFO, device or socket, "
                + "which may never end); give a regular file\n", run.err());
    }

    @Test
    void devZeroAsFilterIsAUsageErrorWithoutReadingIt() throws Exception {
        CliRun run = run("validate", "--static", "--filter", "/dev/zero", write("t.yaml", TOPOLOGY).toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("flux: --filter properties file '/dev/zero' is not a regular file (a FIFO, device or socket, "
                + "which may never end); give a regular file\n", run.err());
    }

    @Test
    void showSourceDoesNotOpenAFifoTopology() throws Exception {
        Path fifo = TopologyFiles.fifo(dir, "t.yaml");
        CliRun run = run("validate", "--static", "--show-source", fifo.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().startsWith(fifo + ":1:1: file '" + fifo + "' is not a regular file"), run.err());
    }

    @Test
    void aFifoOnTheClasspathIsAUsageError() throws Exception {
        Path fifo = TopologyFiles.fifo(dir, "classes");
        CliRun run = run("validate", "--static", "--classpath", fifo.toString(), write("t.yaml", TOPOLOGY).toString());
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("flux: --classpath entry " + fifo + " is neither a directory nor a regular file (a jar)\n",
                run.err());
    }

    @Test
    void aFifoAsStormsConfigFileIsAUsageErrorBeforeStormReadsIt() throws Exception {
        Path fifo = TopologyFiles.fifo(dir, "storm.yaml");
        String previous = System.getProperty("storm.conf.file");
        System.setProperty("storm.conf.file", fifo.toString());
        try {
            RunException e = org.junit.jupiter.api.Assertions.assertThrows(RunException.class,
                    StormConfigFile::check);
            assertEquals(ExitCodes.USAGE, e.exitCode());
            assertEquals("flux: Storm config file (storm.conf.file, the storm script's --config) '" + fifo + "' is not "
                    + "a regular file (a FIFO, device or socket, which may never end); give a regular file",
                    e.getMessage());
        } finally {
            if (previous == null) {
                System.clearProperty("storm.conf.file");
            } else {
                System.setProperty("storm.conf.file", previous);
            }
        }
    }

    /** Each place a message would quote the value: a number key, a class name, Storm config values, a near id. */
    private Path leaky() throws IOException {
        return write("leaky.yaml", """
                name: leaky
                config:
                  topology.workers: ${ENV-TOKEN}
                  topology.message.timeout.secs: ${ENV-SHORT}
                spouts:
                  - id: words
                    className: org.apache.storm.testing.TestWordSpout
                    parallelism: ${ENV-TOKEN}
                  - id: ${ENV-TOKEN}
                    className: x.${ENV-TOKEN}
                """);
    }

    @Test
    void substitutedValuesAreShownAsTheirPlaceholdersInText() throws IOException {
        CliRun run = run("validate", "--static", "--env-filter", leaky().toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertFalse(run.err().contains("s3cr3t") || run.err().contains("abc"), run.err());
        assertTrue(run.err().contains("'parallelism' of spout 'words' must be a whole number, not '${ENV-TOKEN}'"),
                run.err());
        assertTrue(run.err().contains("topology.workers must be a positive integer, not '${ENV-TOKEN}'"), run.err());
        assertTrue(run.err().contains("not '${ENV-SHORT}'"), run.err());
        assertTrue(run.err().contains("class x.${ENV-TOKEN} not found"), run.err());
    }

    @Test
    void aSuggestionDoesNotPrintASubstitutedId() throws IOException {
        Path file = write("near.yaml", TOPOLOGY.replace("id: words", "id: ${ENV-TOKEN}")
                .replace("from: words", "from: s3cr3t-token-4712"));
        CliRun run = run("validate", "--static", "--env-filter", file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().contains("'s3cr3t-token-4712'; did you mean '${ENV-TOKEN}'?"), run.err());
        assertFalse(run.err().contains(SECRET), run.err());
    }

    @Test
    void substitutedValuesAreShownAsTheirPlaceholdersInJson() throws IOException {
        CliRun run = run("validate", "--static", "--format", "json", "--env-filter", leaky().toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertFalse(run.out().contains("s3cr3t") || run.out().contains("abc"), run.out());
        JsonNode json = new ObjectMapper().readTree(run.out());
        boolean placeholder = false;
        for (JsonNode d : json.get("diagnostics")) {
            placeholder |= d.get("message").asText().contains("not '${ENV-TOKEN}'");
        }
        assertTrue(placeholder, run.out());
    }

    @Test
    void valuesFromTheFilterFileAreHiddenToo() throws IOException {
        Path props = write("p.properties", "workers=hunter2hunter2\n");
        Path file = write("t.yaml", TOPOLOGY + "config:\n  topology.workers: ${workers}\n");
        CliRun run = run("validate", "--static", "--filter", props.toString(), file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertTrue(run.err().contains("not '${workers}'"), run.err());
        assertFalse(run.err().contains("hunter2"), run.err());
    }

    @Test
    void showMasksValuesFromTheEnvironmentUnlessAsked() throws IOException {
        Path file = write("t.yaml", TOPOLOGY + "config:\n  db.password: ${ENV-TOKEN}\n  db.url: jdbc://${ENV-TOKEN}/x\n");
        CliRun masked = run("show", "--env-filter", file.toString());
        assertEquals(ExitCodes.OK, masked.exitCode(), masked.err());
        assertFalse(masked.out().contains(SECRET), masked.out());
        assertTrue(masked.out().contains("db.password: ${ENV-TOKEN}"), masked.out());
        assertTrue(masked.out().contains("db.url: jdbc://${ENV-TOKEN}/x"), masked.out());
        CliRun json = run("show", "--format", "json", "--env-filter", file.toString());
        assertFalse(json.out().contains(SECRET), json.out());
        assertTrue(json.out().contains("\"db.password\" : \"${ENV-TOKEN}\""), json.out());
        CliRun shown = run("show", "--show-secrets", "--env-filter", file.toString());
        assertTrue(shown.out().contains("db.password: " + SECRET), shown.out());
    }

    @Test
    void plainValidateSaysItRanTheFilesCodeAndStaticDoesNot() throws IOException {
        Path file = write("t.yaml", TOPOLOGY);
        CliRun plain = run("validate", file.toString());
        assertEquals(ExitCodes.OK, plain.exitCode(), plain.err());
        assertEquals(file + ": topology 'safe' is valid (1 spout, 1 bolt)\n" + ValidateCommand.RAN_CODE + "\n",
                plain.out());
        CliRun checked = run("validate", "--static", file.toString());
        assertFalse(checked.out().contains("note:"), checked.out());
    }
}
