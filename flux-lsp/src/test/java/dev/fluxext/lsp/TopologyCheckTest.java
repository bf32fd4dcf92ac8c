package dev.fluxext.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyCheckTest {

    @TempDir
    Path dir;

    private static String mistakes() throws Exception {
        try (InputStream in = TopologyCheckTest.class.getResourceAsStream("mistakes.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** One code path: the editor's text gets exactly what validate --static --env-filter says of the saved file. */
    @Test
    void theEditorsTextGetsWhatValidateSaysOfTheFile() throws Exception {
        Path file = Files.writeString(dir.resolve("saved.yaml"), mistakes());
        LoadResult validate = FluxLoader.load(new LoadOptions(file.toString(), false, Optional.empty(), true, Map.of(),
            Map.of(), true, Path.of(""), Set.of()));
        Ranges ranges = Ranges.of(mistakes());
        List<String> expected = validate.diagnostics().stream().map(d -> d.code().id() + " "
            + ranges.range(d.span()).getStart().getLine() + ":" + ranges.range(d.span()).getStart().getCharacter() + " "
            + d.message()).toList();

        // The same text unsaved, under a name that is no file at all: read from the text, never from disk.
        String uri = dir.resolve("unsaved.yaml").toUri().toString();
        List<Diagnostic> received = new TopologyCheck(Map.of()).check(uri, mistakes()).get(uri);
        assertEquals(expected, received.stream().map(d -> d.getCode().getLeft() + " " + d.getRange().getStart().getLine()
            + ":" + d.getRange().getStart().getCharacter() + " " + d.getMessage().getLeft()).toList());
        assertEquals(7, received.size());
    }

    /** A new buffer not saved yet is checked too, under its URI. */
    @Test
    void anUntitledDocumentIsCheckedUnderItsUri() {
        String uri = "untitled:Untitled-1";
        List<Diagnostic> found = new TopologyCheck(Map.of()).check(uri, "name: u\nspout: []\n").get(uri);
        assertTrue(found.stream().anyMatch(d -> d.getMessage().getLeft().contains("did you mean 'spouts'?")),
            found.toString());
    }

    @Test
    void aFileWithoutProblemsGetsAnEmptyList() {
        String uri = dir.resolve("ok.yaml").toUri().toString();
        String text = "name: ok\nspouts:\n  - id: s\n    className: org.apache.storm.testing.TestWordSpout\n"
            + "bolts:\n  - id: b\n    className: org.apache.storm.testing.TestWordCounter\n"
            + "streams:\n  - from: s\n    to: b\n    grouping:\n      type: SHUFFLE\n";
        assertEquals(Map.of(uri, List.of()), new TopologyCheck(Map.of()).check(uri, text));
    }

    @Test
    void idsAreFoundInTheTreeNotInTheText() {
        String text = "spouts:\n  - id: words # words\n    className: x\n"
            + "bolts:\n  - id: \"count\"\n    className: y\n    properties:\n      - name: words\n"
            + "        ref: words\n    constructorArgs:\n      - reflist: [words, count]\n"
            + "streams:\n  - from: words\n    to: count\n";
        ComponentIds ids = ComponentIds.of(text, "t.yaml");
        assertEquals(List.of("2:9", "9:14", "11:19", "13:11"), ids.of("words").stream()
            .map(o -> o.span().start().line() + ":" + o.span().start().column()).toList());
        assertEquals(List.of("5:9", "11:26", "14:9"), ids.of("count").stream()
            .map(o -> o.span().start().line() + ":" + o.span().start().column()).toList());
        assertEquals("count", ids.at(14, 12).orElseThrow().id()); // the cursor inside `to: count`
        assertTrue(ids.at(8, 16).isEmpty()); // a property's name, not an id
        assertEquals(List.of(), ComponentIds.of("spouts: [", "t.yaml").all()); // mid-edit: no tree, no ids
    }

    @Test
    void aQuickFixWritesTheSuggestionInsideTheQuotes() {
        String text = "x:\n  to: \"cuont\"\n";
        Diagnostic d = new Diagnostic(new Range(new Position(1, 6), new Position(1, 13)),
            "stream to unknown bolt 'cuont'; did you mean 'count'?");
        d.setSource("flux");
        d.setData(QuickFixes.data(List.of(new QuickFixes.Fix("count", Optional.empty()))));
        List<CodeAction> actions = QuickFixes.of("file:///t.yaml", text, List.of(d), List.of());
        assertEquals(List.of(new TextEdit(new Range(new Position(1, 7), new Position(1, 12)), "count")),
            actions.get(0).getEdit().getChanges().get("file:///t.yaml"));
        // No suggestion in the data, none from the message's words: the text is no longer parsed.
        Diagnostic words = new Diagnostic(d.getRange(), d.getMessage().getLeft());
        words.setSource("flux");
        assertEquals(List.of(), QuickFixes.of("file:///t.yaml", text, List.of(words), List.of()));
        // A client that drops the data: the published diagnostic with the same range, code and message has them.
        assertEquals(1, QuickFixes.of("file:///t.yaml", text, List.of(words), List.of(d)).size());
    }

    /** A misspelt key, Storm config key and class: each "did you mean" fixed, the file is clean. */
    @Test
    void theQuickFixesOfKeysConfigKeysAndClassesMakeTheFileClean() {
        String text = "name: k\nconfig:\n  topology.workrs: 2\nspouts:\n  - id: s\n"
            + "    className: org.apache.storm.testing.TestWordSpot\n    paralellism: 2\n"
            + "bolts:\n  - id: b\n    className: \"org.apache.storm.testing.TestWordCounter\"\n"
            + "streams:\n  - from: s\n    to: b\n    grouping:\n      type: SHUFFLE\n";
        String uri = dir.resolve("k.yaml").toUri().toString();
        TopologyCheck check = new TopologyCheck(Map.of());
        List<Diagnostic> found = check.check(uri, text).get(uri);
        List<CodeAction> fixes = QuickFixes.of(uri, text, found, List.of());
        assertEquals(List.of("Change to 'topology.workers'", "Change to 'org.apache.storm.testing.TestWordSpout'",
            "Change to 'parallelism'"), fixes.stream().map(CodeAction::getTitle).toList());
        String fixed = text;
        for (int i = fixes.size() - 1; i >= 0; i--) { // from the end: earlier ranges stay valid
            fixed = apply(fixed, fixes.get(i).getEdit().getChanges().get(uri).get(0));
        }
        assertEquals(text.replace("workrs", "workers").replace("TestWordSpot", "TestWordSpout")
            .replace("paralellism", "parallelism"), fixed);
        assertEquals(List.of(), check.check(uri, fixed).get(uri));
    }

    private static String apply(String text, TextEdit edit) {
        int start = Texts.offset(text, edit.getRange().getStart());
        int end = Texts.offset(text, edit.getRange().getEnd());
        return text.substring(0, start) + edit.getNewText() + text.substring(end);
    }

    /** An included file's problems are published for that file; go to definition on its name opens it. */
    @Test
    void includedFilesHaveTheirOwnDiagnosticsAndAreNavigatedTo() throws Exception {
        Path shared = Files.writeString(dir.resolve("shared.yaml"), "config:\n  topology.workers: -1\n");
        String text = "name: main\nincludes:\n  - file: \"" + shared + "\"\n"
            + "spouts:\n  - id: s\n    className: org.apache.storm.testing.TestWordSpout\n";
        Path main = dir.resolve("main.yaml");
        String uri = main.toUri().toString();
        Map<String, List<Diagnostic>> byFile = new TopologyCheck(Map.of()).check(uri, text);
        assertEquals(List.of(uri, shared.toUri().toString()), List.copyOf(byFile.keySet()));
        assertEquals(List.of("FX403 1:20"), byFile.get(shared.toUri().toString()).stream()
            .map(d -> d.getCode().getLeft() + " " + d.getRange().getStart().getLine() + ":"
                + d.getRange().getStart().getCharacter()).toList());

        List<IncludedFiles.Include> includes = IncludedFiles.of(text, main, Path.of(""));
        assertEquals(List.of(shared), includes.stream().map(IncludedFiles.Include::target).toList());
        assertEquals("3:11", includes.get(0).span().start().line() + ":" + includes.get(0).span().start().column());
        // A relative name: from the working directory first, else next to the including file (as the loader reads).
        assertEquals(List.of(shared), IncludedFiles.of("includes:\n  - file: shared.yaml\n", main,
            Path.of("/nonexistent")).stream().map(IncludedFiles.Include::target).toList());
    }

    @Test
    void keyPlaceholdersReadTheFilterFile() throws Exception {
        String text = "name: p\nconfig:\n  topology.workers: ${workers}\nspouts:\n  - id: s\n"
            + "    className: org.apache.storm.testing.TestWordSpout\n";
        String uri = dir.resolve("p.yaml").toUri().toString();
        List<Diagnostic> without = new TopologyCheck(Map.of()).check(uri, text).get(uri);
        assertEquals(List.of("FX105"), without.stream().map(d -> d.getCode().getLeft()).toList());
        Path properties = Files.writeString(dir.resolve("dev.properties"), "workers=2\n");
        assertEquals(List.of(), new TopologyCheck(Map.of()).withFilter(properties).check(uri, text).get(uri));
        Files.writeString(properties, "workers=two\n");
        assertEquals(List.of("FX403"), new TopologyCheck(Map.of()).withFilter(properties).check(uri, text).get(uri)
            .stream().map(d -> d.getCode().getLeft()).toList());
    }

    @Test
    void completionOffersTheKeysOfTheMapBeingWritten() {
        String text = "streams:\n  - from: a\n    to: b\n    grouping:\n      ty\n";
        List<String> keys = Completions.at(text, new Position(4, 8), () -> ComponentIds.of(text, "t.yaml")).stream()
            .map(i -> i.getLabel()).toList();
        assertTrue(keys.contains("type") && keys.contains("args") && !keys.contains("from"), keys.toString());
        List<String> top = Completions.at("na", new Position(0, 2), () -> ComponentIds.of("", "t.yaml")).stream()
            .map(i -> i.getLabel()).toList();
        assertTrue(top.contains("name") && top.contains("bolts"), top.toString());
    }
}
