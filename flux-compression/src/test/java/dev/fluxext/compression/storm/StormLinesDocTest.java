package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The supported Storm lines are written in four places that must agree: {@link StormLines#SUPPORTED}, the table in
 * docs/storm-versions.md (and its copy in the README), the storm-lines modules (one per older line, with the
 * version it tests) and the root pom's storm.version (the line every other module tests).
 */
class StormLinesDocTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern ROW = Pattern.compile("^\\| (\\d+\\.\\d+)\\.x \\| (\\d+\\.\\d+\\.\\d+) \\|.*$");

    private static List<String> table(Path file) throws IOException {
        String text = Files.readString(file);
        int begin = text.indexOf("<!-- storm-lines:begin");
        int end = text.indexOf("<!-- storm-lines:end -->");
        assertTrue(begin >= 0 && end > begin, "no storm-lines table in " + file);
        return text.substring(begin, end).lines().filter(l -> l.startsWith("|")).toList();
    }

    /** Line ("2.6") to the version the table says it is tested with, newest line first as written. */
    private static Map<String, String> testedWith(List<String> table) {
        Map<String, String> rows = new LinkedHashMap<>();
        for (String line : table) {
            Matcher m = ROW.matcher(line);
            if (m.matches()) {
                rows.put(m.group(1), m.group(2));
            }
        }
        return rows;
    }

    private static String property(Path pom, String name) throws IOException {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(Files.readString(pom));
        assertTrue(m.find(), name + " in " + pom);
        return m.group(1).strip();
    }

    @Test
    void theTableListsExactlyTheSupportedLinesNewestFirst() throws IOException {
        Map<String, String> rows = testedWith(table(ROOT.resolve("docs/storm-versions.md")));
        List<String> newestFirst = new ArrayList<>(StormLines.SUPPORTED);
        java.util.Collections.reverse(newestFirst);
        assertEquals(newestFirst, List.copyOf(rows.keySet()));
    }

    @Test
    void theReadmeHoldsTheSameTable() throws IOException {
        assertEquals(table(ROOT.resolve("docs/storm-versions.md")), table(ROOT.resolve("README.md")));
    }

    @Test
    void eachLineIsTestedWithTheVersionTheTableNames() throws IOException {
        Map<String, String> rows = testedWith(table(ROOT.resolve("docs/storm-versions.md")));
        String built = property(ROOT.resolve("pom.xml"), "storm.version");
        String examplesPom = Files.readString(ROOT.resolve("examples/pom.xml"));
        String modules = Files.readString(ROOT.resolve("storm-lines/pom.xml"));
        for (Map.Entry<String, String> row : rows.entrySet()) {
            String line = row.getKey();
            if (StormLines.lineOf(built).orElseThrow().equals(line)) {
                assertEquals(built, row.getValue(), "the line every module builds and tests against");
                continue;
            }
            Path module = ROOT.resolve("storm-lines/storm-" + line + "/pom.xml");
            assertTrue(Files.isRegularFile(module), "a module testing Storm " + line + ": " + module);
            assertEquals(row.getValue(), property(module, "storm.version"), module.toString());
            assertTrue(modules.contains("<module>storm-" + line + "</module>"), "storm-lines/pom.xml builds " + line);
            assertTrue(examplesPom.contains("/storm-lines/storm-" + line + "/target/storm.classpath"),
                    "examples' StormLinesIT runs on " + line);
        }
    }
}
