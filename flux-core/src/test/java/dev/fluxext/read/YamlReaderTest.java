package dev.fluxext.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlReaderTest {

    private static final String DIR = "src/test/resources/read/";
    private static final String DUPLICATE_FIX = ": a key may appear once in a map and only the first counts; remove "
            + "one of them, or, if this one belongs to another element, fix its indentation";

    private final Diagnostics diagnostics = new Diagnostics();

    private Optional<YNode> read(String file) {
        return new YamlReader().readFile(Path.of(DIR + file), DIR + file, diagnostics);
    }

    private List<String> messages() {
        return diagnostics.all().stream().map(Diagnostic::format).toList();
    }

    private static Object value(YNode.Map map, String key) {
        return ((YNode.Scalar) map.get(key).orElseThrow()).value();
    }

    private static String startToEnd(Span s) {
        return s.start().line() + ":" + s.start().column() + "-" + s.endLine() + ":" + s.endColumn();
    }

    @Test
    void everyNodeSpansItsTextWithoutTheCommentsAndBlankLinesAfterIt() {
        String yaml = """
                block:
                  k: v   # a comment
                  list:
                    - 1
                    - "two"   # another

                # and a last one
                flow: {a: [1,
                    2]}
                folded: >
                  one
                  two


                """;
        YNode.Map top = (YNode.Map) new YamlReader().readString(yaml, "s.yaml", diagnostics).orElseThrow();
        assertEquals(List.of(), messages());
        YNode.Map block = (YNode.Map) top.get("block").orElseThrow();
        assertEquals("2:3-5:12", startToEnd(block.span()), "to the end of its last value, not at the next key");
        assertEquals("5:7-5:12", startToEnd(((YNode.Seq) block.get("list").orElseThrow()).items().get(1).span()),
                "a quoted scalar with its quotes");
        assertEquals("8:7-9:8", startToEnd(top.get("flow").orElseThrow().span()), "a flow map to its closing brace");
        assertEquals("10:9-12:6", startToEnd(top.get("folded").orElseThrow().span()),
                "a block scalar without its line breaks");
        assertEquals("10:1-10:7", startToEnd(top.entry("folded").orElseThrow().keySpan()));
        assertEquals("1:1-12:6", startToEnd(top.span()));
    }

    @Test
    void textBeyondTheBasicPlaneIsReadAndColumnsCountCharactersAsWritten() {
        // An emoji is two chars in Java and one code point, as SnakeYAML counts columns; a file without
        // placeholders once failed on it (an internal error).
        YNode.Map top = (YNode.Map) new YamlReader().readString("name: \"emoji-\uD83D\uDE00\"\nkey: {a: 1, b: x}\n",
                "s.yaml", diagnostics).orElseThrow();
        assertEquals(List.of(), messages());
        assertEquals("emoji-\uD83D\uDE00", value(top, "name"));
        assertEquals("1:7-1:16", startToEnd(top.get("name").orElseThrow().span()));
        assertEquals("2:6-2:18", startToEnd(top.get("key").orElseThrow().span()));
    }

    @Test
    void duplicateKeysAreErrorsAtTheSecondKey() {
        read("duplicate-key.yaml");
        assertEquals(List.of(
                DIR + "duplicate-key.yaml:6:5: duplicate key 'parallelism' (first at line 5)" + DUPLICATE_FIX,
                DIR + "duplicate-key.yaml:7:1: duplicate key 'name' (first at line 1)" + DUPLICATE_FIX), messages());
    }

    @Test
    void globalAndLocalTagsAreRejectedAtTheirPositionAndNeverInstantiated() {
        Optional<YNode> doc = read("global-tag.yaml");
        assertEquals(List.of(
                DIR + "global-tag.yaml:3:9: tag 'tag:yaml.org,2002:java.lang.Runtime' is not allowed: topology files "
                        + "use plain YAML values only (remove the tag)",
                DIR + "global-tag.yaml:4:10: tag '!foo' is not allowed: topology files use plain YAML values only "
                        + "(remove the tag)"), messages());
        YNode.Map config = (YNode.Map) ((YNode.Map) doc.orElseThrow()).get("config").orElseThrow();
        assertEquals("42", value(config, "fine"), "an explicit standard tag is allowed and applied");
        // The tag is the problem, not the value: read as written without it, later stages judge it (once).
        assertEquals("bar", value(config, "local"));
        assertEquals(List.of(), ((YNode.Seq) config.get("evil").orElseThrow()).items());
    }

    @Test
    void malformedYamlIsOneErrorAtTheTextToFix() {
        assertTrue(read("malformed.yaml").isEmpty());
        assertEquals(List.of(DIR + "malformed.yaml:4:16: the '[' opened here is never closed: end the list with ']' "
                + "after its last item"), messages());
    }

    @Test
    void severalDocumentsAreAnError() {
        assertTrue(read("two-docs.yaml").isEmpty());
        assertEquals(List.of(DIR + "two-docs.yaml:2:1: invalid YAML: expected a single document in the stream, "
                + "but found another document"), messages());
    }

    @Test
    void billionLaughsIsRejectedQuickly() {
        assertTrue(read("alias-bomb.yaml").isEmpty());
        assertEquals(List.of(DIR + "alias-bomb.yaml:7:23: invalid YAML: more than 50 aliases to lists or maps"),
                messages());
    }

    @Test
    void exponentialExpansionBelowTheAliasLimitIsRejectedQuickly() {
        assertTrue(read("alias-doubling.yaml").isEmpty());
        assertEquals(1, messages().size());
        assertTrue(messages().get(0).contains("document too large once aliases are expanded"), messages().get(0));
    }

    @Test
    void recursiveAliasIsRejected() {
        assertTrue(read("recursive-alias.yaml").isEmpty());
        assertEquals(1, messages().size(), messages().toString());
    }

    @Test
    void deepNestingIsRejected() {
        assertTrue(read("deep.yaml").isEmpty());
        assertEquals(List.of(DIR + "deep.yaml:3:68: invalid YAML: nesting deeper than 64 levels"), messages());
    }

    @Test
    void hugeFileIsRejectedBeforeReading(@TempDir Path dir) throws IOException {
        Path huge = dir.resolve("huge.yaml");
        Files.write(huge, new byte[ReadLimits.DEFAULT.maxBytes() + 1]);
        assertTrue(new YamlReader().readFile(huge, "huge.yaml", diagnostics).isEmpty());
        assertEquals(List.of("huge.yaml:1:1: file '" + huge + "' is larger than 3145728 bytes; these files are far "
                + "smaller (is this the right file?)"), messages());
    }

    @Test
    void hugeDocumentIsRejectedByTheCodePointLimit() {
        String doc = "name: " + "x".repeat(100) + "\n";
        new YamlReader(new ReadLimits(50, 50, 64, 1000, 1000, 1000, 100, 100_000, 10)).readString(doc, "big.yaml", diagnostics);
        assertEquals(List.of("big.yaml:1:1: invalid YAML: document exceeds 50 characters"), messages());
    }

    @Test
    void emptyDocumentIsAnError() {
        assertTrue(read("empty.yaml").isEmpty());
        assertEquals(List.of(DIR + "empty.yaml:1:1: the file has no YAML document (it is empty)"), messages());
    }

    @Test
    void missingFileIsACleanError() {
        new YamlReader().readFile(Path.of(DIR + "nope.yaml"), "nope.yaml", diagnostics);
        assertEquals(1, messages().size());
        assertEquals("nope.yaml:1:1: file '" + DIR + "nope.yaml' not found", messages().get(0));
    }

    @Test
    void scalarsAreTypedAsYaml11WithPositions() {
        YNode.Map doc = (YNode.Map) read("types.yaml").orElseThrow();
        assertEquals(List.of(), messages());
        assertEquals(42, value(doc, "int"));
        assertEquals(31, value(doc, "hex"));
        assertEquals(1000, value(doc, "under"));
        assertEquals(3000000000L, value(doc, "long"));
        assertEquals(new BigInteger("123456789012345678901234567890"), value(doc, "big"));
        assertEquals(1.5, value(doc, "float"));
        assertEquals(1000.0, value(doc, "exp"));
        assertEquals(true, value(doc, "yes"));
        assertEquals(true, value(doc, "bool"));
        assertEquals(null, value(doc, "null1"));
        assertEquals(null, value(doc, "null2"));
        assertEquals("42", value(doc, "quoted"));
        assertEquals("${x}", value(doc, "single"));
        assertEquals("2024-01-02", value(doc, "date"), "timestamps stay text");
        assertEquals("hello world", value(doc, "text"));
        assertEquals(new Position(DIR + "types.yaml", 2, 6), doc.get("hex").orElseThrow().position());
        assertEquals(new Position(DIR + "types.yaml", 2, 1), doc.entry("hex").orElseThrow().keyPosition());
    }

    @Test
    void mergeKeysAreApplied() {
        YNode.Map doc = (YNode.Map) read("types.yaml").orElseThrow();
        YNode.Map merged = (YNode.Map) doc.get("merged").orElseThrow();
        assertEquals(1, value(merged, "a"));
        assertEquals(3, value(merged, "b"));
    }

    @Test
    void jsonViewMapsPointersToPositions() {
        YNode doc = new YamlReader().readString("""
                name: x
                spouts:
                  - id: s
                    parallelism: 2
                    "a/b~c": 1
                """, "j.yaml", diagnostics).orElseThrow();
        JsonView json = JsonView.of(doc);
        assertEquals(2, json.root().at("/spouts/0/parallelism").intValue());
        assertEquals(new Position("j.yaml", 4, 18), json.positionOf("/spouts/0/parallelism"));
        assertEquals(new Position("j.yaml", 5, 14), json.positionOf("/spouts/0/a~1b~0c"));
        assertEquals(new Position("j.yaml", 3, 5), json.positionOf("/spouts/0/className"), "absent: the parent");
        assertEquals(new Position("j.yaml", 1, 1), json.positionOf(""));
    }

    @Test
    void complexKeysAndBadExplicitScalarTagsAreErrors() {
        YNode.Map doc = (YNode.Map) new YamlReader().readString("""
                ? [a, b]
                : c
                n: !!int abc
                b: !!bool 5
                """, "k.yaml", diagnostics).orElseThrow();
        assertEquals(List.of("k.yaml:1:3: map keys must be plain text",
                "k.yaml:3:4: tag '!!int' does not fit 'abc' (remove the tag)",
                "k.yaml:4:4: tag '!!bool' does not fit '5' (remove the tag)"), messages());
        assertEquals("abc", value(doc, "n"), "read as written without the tag");
        assertEquals(5, value(doc, "b"));
    }
}
