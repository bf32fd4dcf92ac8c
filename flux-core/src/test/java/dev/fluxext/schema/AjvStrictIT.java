package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * The committed schema under Ajv's strict mode exactly as SchemaStore's CI compiles the schemas it hosts: npm
 * {@code ajv-cli} ({@code ajv compile --spec=draft7 --strict=true}) with only the editor keywords SchemaStore
 * declares for every schema (its {@code cli.js}), no union types and no keyword of our own. Skipped when
 * {@code ajv} is not installed, unless {@code CI=true}, where a missing {@code ajv} fails the build ({@code .ci/run}
 * installs it).
 */
class AjvStrictIT {

    /** The non-standard keywords SchemaStore's cli.js declares to Ajv for every schema it checks, and no others. */
    private static final List<String> SCHEMASTORE_KEYWORDS = List.of("allowTrailingCommas", "defaultSnippets",
            "markdownDescription", "enumDescriptions", "markdownEnumDescriptions", "x-taplo", "x-taplo-info",
            "x-tombi-toml-version", "x-tombi-array-values-order", "x-tombi-table-keys-order",
            "x-intellij-language-injection", "x-intellij-html-description", "x-intellij-enum-metadata");

    private static Path ajv;
    private static Path schema;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findAjv() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, "ajv");
            if (Files.isExecutable(candidate)) {
                ajv = candidate;
                break;
            }
        }
        if (ajv == null) {
            if ("true".equals(System.getenv("CI"))) {
                fail("ajv is not on PATH: install it with npm install -g ajv-cli@5.0.0");
            }
        }
        schema = SchemaUpToDateTest.projectRoot().resolve(SchemaGenerator.OUTPUT);
    }

    /** Per test, not per class: Maven counts each test as skipped (a class-level abort shows as 0 tests run). */
    @BeforeEach
    void needsAjv() {
        Assumptions.assumeTrue(ajv != null, "ajv is not installed (npm install -g ajv-cli@5.0.0)");
    }

    private record Result(int exitCode, String output) {}

    /** {@code ajv COMMAND} in strict mode with SchemaStore's keywords declared. */
    private Result ajv(String command, String... more) throws IOException, InterruptedException {
        Path keywords = tmp.resolve("schemastore-keywords.js");
        Files.writeString(keywords, "module.exports = ajv => { for (const k of " + new ObjectMapper()
                .writeValueAsString(SCHEMASTORE_KEYWORDS) + ") ajv.addKeyword(k); };\n");
        List<String> args = new ArrayList<>(List.of(ajv.toString(), command, "--spec=draft7", "--strict=true",
                "-c", keywords.toString()));
        args.addAll(List.of(more));
        Process process = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("ajv did not finish within 60 s: " + output);
        }
        return new Result(process.exitValue(), output);
    }

    @Test
    void theSchemaCompilesInStrictMode() throws Exception {
        Result compiled = ajv("compile", "-s", schema.toString());
        assertEquals(0, compiled.exitCode(), compiled.output());
        assertTrue(compiled.output().contains("is valid"), compiled.output());
    }

    @Test
    void strictModeIsReallyOnForWhatTheSchemaAvoids() throws Exception {
        // What the generator used to write: a required key its subschema does not define, an array keyword where no
        // type says array, a union type, yaml-language-server's errorMessage. Each must fail here, or the test above
        // proves nothing.
        for (String bad : List.of("{\"type\": \"object\", \"oneOf\": [{\"required\": [\"a\"]}, {\"required\": [\"b\"]}]}",
                "{\"type\": \"object\", \"allOf\": [{\"properties\": {\"a\": {\"minItems\": 1}}}]}",
                "{\"type\": [\"integer\", \"string\"]}",
                "{\"type\": \"string\", \"pattern\": \"^a$\", \"patternErrorMessage\": \"starts with a\"}")) {
            Path file = Files.writeString(tmp.resolve("bad.json"), bad);
            Result compiled = ajv("compile", "-s", file.toString());
            assertNotEquals(0, compiled.exitCode(), bad + ": " + compiled.output());
            assertTrue(compiled.output().contains("strict mode"), compiled.output());
        }
    }

    @Test
    void theCorpusAsTheLoaderReadsItIsJudgedAsByTheJavaValidator() throws Exception {
        // SnakeYAML reads YAML 1.1 as the loader does (yes/no booleans); ajv-cli's own YAML reader is 1.2.
        // One ajv run per directory: ajv-cli judges each data file and names it "valid" or "invalid".
        List<Path> valid = new ArrayList<>();
        for (Corpus c : Corpus.valid()) {
            valid.add(asJson(c.file(), "valid"));
        }
        Result r = ajv("validate", dataArgs(valid));
        assertEquals(0, r.exitCode(), "the valid corpus, Ajv says: " + r.output());
        List<Path> invalid = new ArrayList<>();
        for (Corpus c : Corpus.invalid()) {
            invalid.add(asJson(c.file(), "invalid"));
        }
        r = ajv("validate", dataArgs(invalid));
        for (Path file : invalid) {
            assertTrue(r.output().contains(file + " invalid"), file.getFileName() + " is invalid, Ajv accepts it: "
                    + r.output());
        }
    }

    private static String[] dataArgs(List<Path> files) {
        List<String> args = new ArrayList<>(List.of("-s", schema.toString()));
        files.forEach(f -> args.addAll(List.of("-d", f.toString())));
        return args.toArray(String[]::new);
    }

    private Path asJson(Path yaml, String dir) throws IOException {
        Object document = new Yaml().load(Files.readString(yaml));
        Path json = Files.createDirectories(tmp.resolve(dir))
                .resolve(yaml.getFileName().toString().replaceAll("\\.ya?ml$", ".json"));
        new ObjectMapper().writeValue(json.toFile(), document);
        return json;
    }
}
