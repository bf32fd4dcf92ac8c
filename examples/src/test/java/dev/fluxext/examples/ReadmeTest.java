package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The root README's word count picture stays what {@code flux graph} draws for wordcount.yaml. */
class ReadmeTest {

    @Test
    void readmeShowsTheWordCountGraphAsFluxDrawsIt() throws Exception {
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
        Matcher block = Pattern.compile("```mermaid\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertTrue(block.find(), "README.md has no ```mermaid block");

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process flux = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                "dev.fluxext.cli.FluxCli", "graph", "--format", "mermaid", "topologies/wordcount.yaml")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String drawn = new String(flux.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(flux.waitFor(60, TimeUnit.SECONDS), "flux graph did not end");
        assertEquals(0, flux.exitValue(), drawn);
        assertEquals(drawn.strip(), block.group(1).strip(),
                "update the README's graph: bin/flux graph --format mermaid examples/topologies/wordcount.yaml");
    }
}
