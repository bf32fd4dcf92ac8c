package dev.fluxext.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.Fixtures;
import dev.fluxext.model.Position;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.TopologyDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IncludesTest {

    private static final String F = Fixtures.DIR + "resolve/inc/";

    /** Loads a file of resolve/inc run from that directory, where its includes' paths start, as Storm's Flux runs. */
    private static Fixtures.Analysis analyze(String file) {
        return Fixtures.analyze(Fixtures.options("resolve/inc/" + file, null, false, Map.of()).inDirectory(Path.of(F)));
    }

    @Test
    void aRelativeIncludeIsReadFromTheWorkingDirectoryAsStormsFluxReadsIt() {
        // cwd/main.yaml includes cwd/part.yaml: from resolve/inc, not from cwd/ (where cwd/cwd/part.yaml also is).
        Fixtures.Analysis a = analyze("cwd/main.yaml");
        assertEquals(List.of(), a.messages());
        assertEquals("from-the-working-directory", a.topology().name().orElseThrow().value());
    }

    @Test
    void anIncludeOnlyNextToTheIncludingFileIsReadFromThereWithAWarning() {
        // Run from flux-core, Storm's Flux would not find cwd/part.yaml; the file next to the including one is read.
        Fixtures.Analysis a = Fixtures.analyze("resolve/inc/cwd/main.yaml");
        assertEquals(List.of(F + "cwd/main.yaml:3:11: warning: included file 'cwd/part.yaml' is not in the working "
                + "directory (" + Path.of("").toAbsolutePath() + "), where Storm's Flux looks for it; read from next "
                + "to the including file ('" + F + "cwd/cwd/part.yaml'). Storm's Flux looks only in the working "
                + "directory: run from the directory the path starts at, or give the path from there"), a.messages());
        assertEquals("next-to-the-including-file", a.topology().name().orElseThrow().value());
    }

    @Test
    void nestedIncludesMergeByTheRules() {
        Fixtures.Analysis a = analyze("main.yaml");
        assertEquals(List.of(), a.messages());
        TopologyDef t = a.topology();
        assertEquals("from-common", t.name().orElseThrow().value(), "override: true takes the included name");
        Map<String, Object> config = t.config().toPlain();
        // common.yaml overrides; sub/bolts.yaml (override: false) and its deeper.yaml keep main's values
        assertEquals(Map.of("topology.workers", 3, "main.only", "m", "common.only", "c", "deep.only", "d"), config);
        assertEquals(5, t.spouts().get(0).parallelism().value(), "override: true replaces the spout with the same id");
        assertEquals(new Position(F + "common.yaml", 8, 18), t.spouts().get(0).parallelism().position());
        assertEquals(List.of("main.Count", "sub.Print"),
                t.bolts().stream().map(b -> b.object().className().value()).toList(),
                "override: false keeps main's 'count' and appends the new 'print'");
        assertEquals(new Position(F + "sub/bolts.yaml", 6, 9), t.bolts().get(1).object().id().orElseThrow().position());
        assertEquals(List.of("spout", "count"), t.streams().stream().map(s -> s.from().value()).toList(),
                "streams are appended");
        assertEquals(List.of("common.Hook", "deep.Hook"),
                t.workerHooks().stream().map(ObjectDef::className).map(c -> c.value()).toList(),
                "worker hooks of nested includes are merged too");
    }

    @Test
    void cyclesAreErrorsListingTheCycle() {
        assertEquals(List.of(F + "cycle-b.yaml:2:5: include cycle: " + F + "cycle-a.yaml -> " + F + "cycle-b.yaml -> "
                + F + "cycle-a.yaml"), analyze("cycle-a.yaml").messages());
    }

    @Test
    void missingIncludesAreErrorsAtTheInclude() {
        assertEquals(List.of(
                F + "missing.yaml:6:5: unknown key 'fiel' in include #3; did you mean 'file'?",
                F + "missing.yaml:6:5: missing 'file' in include #3",
                F + "missing.yaml:3:11: included file 'no-such-file.yaml' not found: a relative path is read from the "
                        + "working directory (" + Path.of(F).toAbsolutePath() + "), as Storm's Flux reads it; run from "
                        + "the directory the path starts at, or give the path from there",
                F + "missing.yaml:5:11: classpath resource 'no/such/resource.yaml' not found"),
                analyze("missing.yaml").messages());
    }

    @Test
    void resourceIncludesAndTopologySourceAreMerged() {
        Fixtures.Analysis a = Fixtures.analyze("resolve/inc/resource.yaml");
        assertEquals(List.of(), a.messages());
        TopologyDef t = a.topology();
        assertEquals("some.TopologySource", t.topologySource().orElseThrow().object().className().value());
        assertEquals("make", t.topologySource().get().methodName().value());
        assertEquals(new Position("resolve/inc/source.yaml", 2, 14),
                t.topologySource().get().object().className().position());
    }

    @Test
    void includePathsMayBeSubstituted() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/inc/subst-include.yaml",
                "resolve/inc/include.properties", false, Map.of()).inDirectory(Path.of(F)));
        assertEquals(List.of(), a.messages());
        assertEquals("make", a.topology().topologySource().orElseThrow().methodName().value());
    }

    @Test
    void problemsInIncludedFilesPointIntoThem() {
        assertEquals(List.of(
                F + "bad-part.yaml:7:7: duplicate key 'a' (first at line 6): a key may appear once in a map and only the first "
                        + "counts; remove one of them, or, if this one belongs to another element, fix its indentation",
                F + "bad-part.yaml:4:5: unknown key 'paralelism' in spout 'words'; did you mean 'parallelism'?"),
                analyze("bad-main.yaml").messages());
    }
}
