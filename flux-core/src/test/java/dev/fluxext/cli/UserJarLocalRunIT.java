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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code submit --local --jar}: the user's spout and bolt run in Storm's workers (a cluster test: mvn verify). */
class UserJarLocalRunIT {

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void localRunRunsTheUsersSpoutAndBoltInStormsWorkers() throws IOException {
        Path jar = UserJar.jar(tmp, Map.of());
        Path summary = tmp.resolve("summary.json");
        Path topology = Files.writeString(tmp.resolve("user.yaml"), UserJar.TOPOLOGY);
        CliRun run = CliRun.with(FluxLoader::load, Map.of(), "submit", "--local", "--jar", jar.toString(),
            "--duration", "12", "--interval", "3", "--summary-json", summary.toString(), "--log-file", tmp.resolve("storm.log").toString(), topology.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.out() + run.err());
        JsonNode components = new ObjectMapper().readTree(summary.toFile()).get("components");
        assertTrue(components.get("numbers").get("emitted").asLong() > 0, components.toString());
        assertTrue(components.get("double").get("executed").asLong() > 0, components.toString());
        assertTrue(components.get("double").get("emitted").asLong() > 0, components.toString());
    }
}
