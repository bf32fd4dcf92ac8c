package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.TopologyFiles;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate --strict}: a file whose only problems are warnings fails, for CI; without warnings it passes. */
class StrictValidateTest {

    @TempDir
    Path dir;

    private static CliRun validate(String... args) {
        return CliRun.with(FluxLoader::load, Map.of(), args);
    }

    @Test
    void warningsFailOnlyWithStrict() throws Exception {
        // An unset ${ENV-NAME} is a warning (as in Storm's Flux): the text stays as written.
        String file = TopologyFiles.write(dir, "t.yaml", "name: ${ENV-TOPOLOGY_NAME}\n" + TopologyFiles.WORDS_TO_COUNT)
                .toString();
        CliRun plain = validate("validate", "--static", "--env-filter", file);
        assertEquals(ExitCodes.OK, plain.exitCode(), plain.err());
        assertTrue(plain.err().contains("TOPOLOGY_NAME is not set"), plain.err());

        CliRun strict = validate("validate", "--static", "--strict", "--env-filter", file);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, strict.exitCode(), strict.err());
        assertTrue(strict.err().contains("TOPOLOGY_NAME is not set"), strict.err());
        assertTrue(strict.err().contains(file + ": 1 warning, and --strict fails on warnings"), strict.err());

        CliRun json = validate("validate", "--static", "--strict", "--env-filter", "--format", "json", file);
        assertEquals(ExitCodes.INVALID_TOPOLOGY, json.exitCode(), json.err());
    }

    @Test
    void aFileWithoutWarningsPassesWithStrict() throws Exception {
        String file = TopologyFiles.write(dir, "t.yaml", "name: clean\n" + TopologyFiles.WORDS_TO_COUNT).toString();
        CliRun strict = validate("validate", "--static", "--strict", file);
        assertEquals(ExitCodes.OK, strict.exitCode(), strict.err());
        assertEquals("", strict.err());
    }
}
