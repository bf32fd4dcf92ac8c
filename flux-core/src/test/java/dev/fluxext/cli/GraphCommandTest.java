package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.run.process.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphCommandTest {

    @TempDir
    Path tmp;

    @Test
    void dotShowsComponentsParallelismAndGroupings() {
        CliRun run = CliRun.of("graph", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertEquals("""
            digraph "words" {
              rankdir=LR;
              node [fontname="Helvetica"];
              edge [fontname="Helvetica", fontsize=10];
              "words" [label="words ×2", shape=ellipse, style=filled, fillcolor="#dbeafe"];
              "count" [label="count ×2", shape=box];
              "total" [label="total", shape=box];
              "words" -> "count" [label="fields(word)"];
              "count" -> "total" [label="global"];
            }
            """, run.out());
    }

    @Test
    void mermaidIsAFlowchartWithSafeNodeIds() {
        CliRun run = CliRun.of("graph", "--format", "mermaid", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertEquals("""
            flowchart LR
              n0(["words ×2"])
              n1["count ×2"]
              n2["total"]
              n0 -->|"fields(word)"| n1
              n1 -->|"global"| n2
            """, run.out());
    }

    @Test
    void svgWithoutGraphvizExitsFourAndSaysWhatToDo() {
        CliRun run = CliRun.with(TestTopologies::load, Map.of("PATH", tmp.toString()),
            "graph", "--format", "svg", "words.yaml");
        assertEquals(ExitCodes.MISSING_TOOL, run.exitCode());
        assertEquals("", run.out());
        assertTrue(run.err().contains("needs Graphviz's 'dot' on the PATH"), run.err());
        assertTrue(run.err().contains("--format dot or --format mermaid"), run.err());
    }

    /** A stand-in for Graphviz that echoes its arguments and input proves what flux hands to dot. */
    @Test
    void svgPipesTheDotSourceThroughGraphviz() throws Exception {
        Path dot = tmp.resolve("dot");
        Files.writeString(dot, "#!/bin/sh\necho \"<svg args='$*'>\"\ncat\necho '</svg>'\n");
        Files.setPosixFilePermissions(dot, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun run = CliRun.with(TestTopologies::load, Map.of("PATH", tmp.toString()),
            "graph", "--format", "svg", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("<svg args='-Tsvg'>\ndigraph \"words\" {"), run.out());
        assertTrue(run.out().endsWith("}\n</svg>\n"), run.out());
    }

    @Test
    void aFailingGraphvizIsARuntimeFailure() throws Exception {
        Path dot = tmp.resolve("dot");
        Files.writeString(dot, "#!/bin/sh\necho 'syntax error in line 1' >&2\nexit 1\n");
        Files.setPosixFilePermissions(dot, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun run = CliRun.with(TestTopologies::load, Map.of("PATH", tmp.toString()),
            "graph", "--format", "svg", "words.yaml");
        assertEquals(ExitCodes.FAILURE, run.exitCode());
        assertTrue(run.err().contains("-Tsvg failed (exit 1): syntax error in line 1"), run.err());
    }

    @Test
    void outputGoesToAFile() throws Exception {
        Path file = tmp.resolve("graph.mmd");
        CliRun run = CliRun.of("graph", "--format", "mermaid", "-o", file.toString(), "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertEquals("", run.out());
        assertTrue(Files.readString(file).startsWith("flowchart LR\n"));
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        CliRun run = CliRun.of("graph", "--format", "png", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertTrue(run.err().contains("png"), run.err());
    }

    @Test
    void anInvalidTopologyIsNotDrawn() {
        CliRun run = CliRun.of("graph", "broken.yaml");
        assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode());
        assertEquals("", run.out());
    }
}
