package dev.fluxext.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import java.util.List;
import org.junit.jupiter.api.Test;

/** YAML syntax errors in plain words: one family each, what is wrong and the fix, at the text to fix. */
class SyntaxErrorsTest {

    /** The one diagnostic of reading {@code yaml}, as printed, with its span's end and related places. */
    private static String read(String yaml) {
        Diagnostics diagnostics = new Diagnostics();
        new YamlReader().readString(yaml, "t.yaml", diagnostics);
        List<Diagnostic> all = diagnostics.all();
        assertEquals(1, all.size(), all.toString());
        Diagnostic d = all.get(0);
        StringBuilder out = new StringBuilder(d.code() + " " + d.format() + " [to " + d.span().endLine() + ":"
            + d.span().endColumn() + "]");
        d.related().forEach(r -> out.append(" / ").append(r.position()).append(": ").append(r.message()));
        return out.toString();
    }

    @Test
    void aKeyIndentedLessThanItsSiblingsSaysWhereItBelongs() {
        assertEquals("YAML_SYNTAX t.yaml:4:4: 'parallelism' is indented by 3 spaces and it lines up with no key above "
            + "it: indent it by 4 spaces, like 'className' on line 3 [to 4:15]", read("""
                spouts:
                  - id: s
                    className: x
                   parallelism: 2
                """));
    }

    @Test
    void aKeyIndentedMoreThanTheOneAboveIsNotReadAsPartOfItsValue() {
        assertEquals("YAML_SYNTAX t.yaml:4:6: 'parallelism' is indented by 5 spaces and YAML reads it as going on "
            + "with the value of 'className' on the line above: indent it by 4 spaces, like 'className' on line 3 "
            + "[to 4:17]", read("""
                spouts:
                  - id: s
                    className: x
                     parallelism: 2
                """));
        assertEquals("YAML_SYNTAX t.yaml:2:3: 'config' is indented by 2 spaces and YAML reads it as going on with the "
            + "value of 'name' on the line above: do not indent it, like 'name' on line 1 (the top level) "
            + "[to 2:9]", read("name: a\n  config: {}\n"));
    }

    @Test
    void aKeyOnTheColumnOfAListDashBelongsToNoItem() {
        assertEquals("YAML_SYNTAX t.yaml:4:3: 'parallelism' is indented by 2 spaces and it starts at the column of a "
            + "'-' above, where only a new list item can start: indent it by 4 spaces, like 'className' on line 3 "
            + "[to 4:14]", read("""
                bolts:
                  - id: b
                    className: x
                  parallelism: 2
                """));
    }

    @Test
    void aListItemOutOfLineWithItsSiblings() {
        assertEquals("YAML_SYNTAX t.yaml:4:2: this list item's '-' is indented by 1 space, but the items of the list "
            + "above start at 0 spaces (line 2): line its '-' up with theirs [to 4:3]", read("""
                spouts:
                - id: s
                  className: x
                 - id: t
                """));
    }

    @Test
    void tabsAreNamedWithTheFix() {
        assertEquals("YAML_SYNTAX t.yaml:3:1: a tab in the indentation: YAML indents with spaces only; replace the tab "
            + "with spaces (and set your editor to insert spaces for Tab in YAML files) [to 3:2]",
            read("spouts:\n  - id: s\n\tclassName: x\n"));
        assertEquals("YAML_SYNTAX t.yaml:2:20: a tab character: YAML does not allow a tab here; replace it with a "
            + "space [to 2:21]", read("config:\n  topology.workers:\t2\n"));
    }

    @Test
    void anUnclosedQuoteIsReportedWhereItOpens() {
        assertEquals("YAML_SYNTAX t.yaml:1:7: the \" opened here is never closed, so the rest of the file is read as "
            + "part of this value: end the value with \" on this line (write a \" inside it as \\\") [to 1:11]",
            read("name: \"abc\nspouts: []\n"));
        assertEquals("YAML_SYNTAX t.yaml:1:7: the ' opened here is never closed, so the rest of the file is read as "
            + "part of this value: end the value with ' on this line (write a ' inside it as '') [to 1:11]",
            read("name: 'abc\nspouts: []\n"));
    }

    @Test
    void anUnclosedBracketIsReportedWhereItOpensAndWhereItWasStillOpen() {
        assertEquals("YAML_SYNTAX t.yaml:1:9: the '[' opened here is never closed: end the list with ']' after its "
            + "last item [to 1:10] / t.yaml:2:1: still open here", read("spouts: [{id: s, className: x}\nbolts: []\n"));
        assertEquals("YAML_SYNTAX t.yaml:2:5: the '{' opened here is never closed: end the map with '}' after its "
            + "last item (and separate keys from values with ': ') [to 2:6] / t.yaml:3:6: still open here",
            read("spouts:\n  - {id: s, className: x\nbolts: []\n"));
    }

    @Test
    void aColonInAPlainValueAsksForQuotes() {
        assertEquals("YAML_SYNTAX t.yaml:1:7: the value 'a: b' holds ': ', which YAML reads as the start of another "
            + "key: quote the value, name: \"a: b\" [to 1:11]", read("name: a: b\n"));
        assertEquals("YAML_SYNTAX t.yaml:3:13: the value 'say: \"hi\"' holds ': ', which YAML reads as the start of "
            + "another key: quote the value, greeting: \"say: \\\"hi\\\"\" [to 3:22]",
            read("config:\n  a: 1\n  greeting: say: \"hi\"  # comment\n"));
    }

    @Test
    void aKeyWithoutItsColonIsReportedOnItsOwnLine() {
        assertEquals("YAML_SYNTAX t.yaml:4:5: 'className x' has no ':' after its key: write the key, ': ' and the "
            + "value (className: x) [to 4:16]", read("""
                name: a
                spouts:
                  - id: s
                    className x
                    parallelism: 2
                """));
    }

    @Test
    void aQuoteInsideAQuotedValueSaysHowToWriteIt() {
        assertEquals("YAML_SYNTAX t.yaml:1:11: text after the closing ' of a quoted value: write a ' inside the "
            + "value as '' ('it''s'), or quote the value with the other kind of quotes [to 1:13]", read("name: 'it's'\n"));
        assertEquals("YAML_SYNTAX t.yaml:1:13: text after the closing \" of a quoted value: write a \" inside the "
            + "value as \\\" (\"say \\\"hi\\\"\"), or quote the value with the other kind of quotes [to 1:17]",
            read("name: \"say \"hi\"\"\n"));
    }

    @Test
    void aDuplicateKeySaysWhichCountsAndHowToFixIt() {
        assertEquals("DUPLICATE_KEY t.yaml:3:3: duplicate key 'parallelism' (first at line 2): a key may appear once "
            + "in a map and only the first counts; remove one of them, or, if this one belongs to another element, "
            + "fix its indentation [to 3:14] / t.yaml:2:3: first declared here", read("""
                - id: s
                  parallelism: 1
                  parallelism: 2
                """));
    }

    @Test
    void otherSyntaxErrorsKeepSnakeYamlsWordsAtItsMark() {
        assertEquals("YAML_SYNTAX t.yaml:2:1: invalid YAML: expected a single document in the stream, but found "
            + "another document [to 2:1]", read("a: 1\n---\nb: 2\n"));
        assertEquals(Code.YAML_SYNTAX.name(), read("a: \"\\q\"\n").split(" ")[0]);
    }
}
