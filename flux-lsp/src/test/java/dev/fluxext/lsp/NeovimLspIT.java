package dev.fluxext.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real editor's LSP client against {@code flux lsp}: Neovim, headless, opens a topology file with the usual
 * mistakes (neovim-client.lua drives it and writes what it received), and the diagnostics, the jump to a
 * definition, the quick fix and the rename are asserted here. The server is started as a user's editor starts it:
 * {@code java -cp ... dev.fluxext.cli.FluxCli lsp}. Skipped without nvim on PATH, except with {@code CI=true}, where
 * it fails.
 */
class NeovimLspIT {

    @TempDir
    Path dir;

    @Test
    void neovimReceivesEveryDiagnosticAndNavigatesFixesAndRenames() throws Exception {
        Optional<Path> nvim = onPath("nvim");
        if (nvim.isEmpty()) {
            if ("true".equals(System.getenv("CI"))) {
                fail("nvim is not on PATH: install Neovim (apt-get install neovim)");
            }
            Assumptions.abort("nvim is not installed (apt-get install neovim)");
        }
        Path file = copy("mistakes.yaml");
        Path script = copy("neovim-client.lua");
        Path out = dir.resolve("received.json");
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> server = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", classpath, "dev.fluxext.cli.FluxCli", "lsp");
        ProcessBuilder builder = new ProcessBuilder(nvim.get().toString(), "--headless", "--clean", "-u", "NONE",
            "-c", "luafile " + script).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(dir.resolve("nvim.log").toFile());
        builder.environment().put("FLUX_LSP_OUT", out.toString());
        builder.environment().put("FLUX_LSP_FILE", file.toString());
        builder.environment().put("FLUX_LSP_CMD", new Gson().toJson(server));
        builder.environment().remove("FLUX_LSP_TEST_UNSET");
        builder.environment().remove("FLUX_CLASSPATH");
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("nvim did not finish within 60 s; its output: " + Files.readString(dir.resolve("nvim.log")));
        }
        assertTrue(Files.exists(out), "nvim wrote nothing; its output: " + Files.readString(dir.resolve("nvim.log")));
        JsonObject received = new Gson().fromJson(Files.readString(out), JsonObject.class);
        assertEquals(new JsonArray(), received.getAsJsonArray("errors"));

        // Each mistake at its line and column (0-based, as the protocol counts), with its code; related places too.
        assertStartWith(List.of(
            "2:20-2:25 FX403 error topology.workers must be a positive integer, not 'two'",
            "3:33-3:59 FX105 warning '${ENV-FLUX_LSP_TEST_UNSET}': environment variable FLUX_LSP_TEST_UNSET is not set",
            "15:8-15:15 FX301 error duplicate id 'count': already used by the bolt declared at line 14",
            "20:13-20:21 FX302 error reference to unknown component 'feilds'; did you mean 'fields'?",
            "22:15-22:39 FX408 error class com.example.NoSuchBolt not found: no class of package com.example is on the",
            "29:8-29:15 FX302 error stream to unknown bolt 'cuont'; did you mean 'count'?",
            "37:8-37:14 FX306 warning stream from bolt 'echo' to itself: what it emits on stream 'default' comes back"),
            summaries(received.getAsJsonArray("first")));
        JsonObject duplicate = received.getAsJsonArray("first").get(2).getAsJsonObject();
        JsonObject firstDeclared = duplicate.getAsJsonArray("relatedInformation").get(0).getAsJsonObject();
        assertEquals("first declared here", firstDeclared.get("message").getAsString());
        assertEquals(file.toUri().toString(),
            firstDeclared.getAsJsonObject("location").get("uri").getAsString());
        assertEquals("13:8-13:15", range(firstDeclared.getAsJsonObject("location").getAsJsonObject("range")));

        // gd from `to: "echo"` lands on the bolt's id.
        JsonObject definition = received.getAsJsonObject("definition");
        assertEquals(List.of(17, 8, 1), List.of(definition.get("line").getAsInt(), definition.get("character").getAsInt(),
            definition.get("count").getAsInt()));
        // Both declarations of the duplicated 'count' and its stream's use.
        assertEquals(List.of("13:8-13:15", "15:8-15:15", "25:8-25:15"), received.getAsJsonArray("references")
            .asList().stream().map(r -> range(r.getAsJsonObject().getAsJsonObject("range"))).toList());

        // The fix comes from the suggestion carried in the diagnostic's data, which Neovim sends back as received.
        JsonObject quickfix = received.getAsJsonObject("quickfix");
        assertEquals("[\"Change to 'fields'\"]", quickfix.getAsJsonArray("titles").toString());
        assertEquals("      - ref: \"fields\"", quickfix.get("line").getAsString());
        List<String> afterFix = summaries(quickfix.getAsJsonArray("after"));
        assertEquals(6, afterFix.size(), afterFix.toString());
        assertTrue(afterFix.stream().noneMatch(d -> d.contains("feilds")), afterFix.toString());

        // The spout's id and its four uses, quoted as before; the file's diagnostics unchanged by it.
        JsonObject rename = received.getAsJsonObject("rename");
        List<String> lines = rename.getAsJsonArray("lines").asList().stream().map(JsonElement::getAsString).toList();
        assertEquals(1, lines.stream().filter(l -> l.equals("  - id: \"sentences\"")).count());
        assertEquals(4, lines.stream().filter(l -> l.equals("  - from: \"sentences\"")).count());
        assertTrue(lines.stream().noneMatch(l -> l.contains("words\"")), lines.toString());
        assertEquals(afterFix, summaries(rename.getAsJsonArray("after")));

        assertEquals("[\"count\",\"echo\",\"missing\"]", received.getAsJsonArray("completion").toString());
        assertTrue(received.get("hover").getAsString().startsWith("**className** — Class name"),
            received.get("hover").getAsString());
        // The class and the constructor its (by now fixed) argument selects, from the classpath, nothing created.
        assertEquals("**bolt** `echo`: `org.apache.storm.testing.IdentityBolt` (line 18)\n\n"
            + "Class `org.apache.storm.testing.IdentityBolt` (extends `BaseBasicBolt`)\n\n"
            + "Constructor: `IdentityBolt(Fields)`", received.get("id_hover").getAsString());
        assertEquals(0, received.get("exit_code").getAsInt(), "the server's exit status after shutdown and exit");
    }

    /** Each of {@code actual} starts with the one of {@code expected} at its place (messages go on with the fix). */
    private static void assertStartWith(List<String> expected, List<String> actual) {
        assertEquals(expected.size(), actual.size(), actual.toString());
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(actual.get(i).startsWith(expected.get(i)), "expected " + expected.get(i) + "\nbut got  "
                + actual.get(i));
        }
    }

    /** "line:col-line:col CODE severity message". */
    private static List<String> summaries(JsonArray diagnostics) {
        List<String> found = new ArrayList<>();
        for (JsonElement e : diagnostics) {
            JsonObject d = e.getAsJsonObject();
            String message = d.get("message").getAsString();
            found.add(range(d.getAsJsonObject("range")) + " " + d.get("code").getAsString() + " "
                + (d.get("severity").getAsInt() == 1 ? "error" : "warning") + " " + message);
        }
        return found;
    }

    private static String range(JsonObject range) {
        JsonObject start = range.getAsJsonObject("start");
        JsonObject end = range.getAsJsonObject("end");
        return start.get("line").getAsInt() + ":" + start.get("character").getAsInt() + "-"
            + end.get("line").getAsInt() + ":" + end.get("character").getAsInt();
    }

    private Path copy(String resource) throws IOException {
        try (InputStream in = NeovimLspIT.class.getResourceAsStream(resource)) {
            Path target = dir.resolve(resource);
            Files.write(target, in.readAllBytes());
            return target;
        }
    }

    private static Optional<Path> onPath(String command) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .map(d -> Path.of(d, command)).filter(Files::isExecutable).findFirst();
    }
}
