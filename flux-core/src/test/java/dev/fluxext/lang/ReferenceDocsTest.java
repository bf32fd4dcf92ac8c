package dev.fluxext.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.diag.Code;
import dev.fluxext.lang.Language.Element;
import dev.fluxext.lang.Language.Key;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The key tables of {@code docs/yaml-reference.md} are generated from {@link Language}, the table of
 * {@code docs/diagnostics.md} from {@link Code}: each sits between
 * {@code <!-- generated: NAME -->} and {@code <!-- /generated -->}. Fails when a table is stale; regenerate with
 * {@code -Dschema.update=true}.
 */
class ReferenceDocsTest {

    static final Path DOC = Path.of("docs", "yaml-reference.md");
    static final Path CODES_DOC = Path.of("docs", "diagnostics.md");
    private static final Pattern REGION = Pattern.compile("(<!-- generated: ([\\w-]+) -->\n)(.*?)(<!-- /generated -->)",
            Pattern.DOTALL);

    /** Each generated table by its marker name. */
    static Map<String, String> tables() {
        Map<String, String> tables = new LinkedHashMap<>();
        tables.put("top", table(Language.TOP.keys()));
        tables.put("object", table(Language.OBJECT.keys()));
        tables.put("component", table(own(Language.COMPONENT)));
        tables.put("stream", table(Stream.concat(
                Language.STREAM.keys().stream().filter(k -> !k.name().equals("grouping")),
                Language.GROUPING.keys().stream().map(k -> k.renamed("grouping." + k.name()))).toList()));
        tables.put("include", table(Language.INCLUDE.keys()));
        tables.put("transport", table(Language.TRANSPORT.keys()));
        tables.put("transport-tls", table(Language.TLS.keys()));
        tables.put("tls-password", table(Language.TLS_PASSWORD.keys()));
        return tables;
    }

    /** A spout's or bolt's keys beyond those of every object definition. */
    private static List<Key> own(Element element) {
        return element.keys().stream().filter(k -> Language.OBJECT.key(k.name()).isEmpty()).toList();
    }

    private static String table(List<Key> keys) {
        StringBuilder out = new StringBuilder("| key | type | default | meaning |\n|---|---|---|---|\n");
        keys.forEach(k -> out.append("| `").append(k.name()).append("` | ").append(k.typeText()).append(" | ")
                .append(k.defaultText()).append(" | ").append(k.meaning()).append(" |\n"));
        return out.toString();
    }

    /** The table of diagnostic codes in {@code docs/diagnostics.md}. */
    static Map<String, String> codeTables() {
        StringBuilder out = new StringBuilder("| code | kind | what | example message | fix |\n|---|---|---|---|---|\n");
        for (Code c : Code.values()) {
            out.append("| ").append(c.id()).append(" | `").append(c.name()).append("` | ").append(c.summary())
                    .append(" | `").append(c.example().replace("|", "\\|")).append("` | ").append(c.fix())
                    .append(" |\n");
        }
        return Map.of("codes", out.toString());
    }

    static String regenerate(String doc) {
        return regenerate(doc, tables(), DOC);
    }

    static String regenerate(String doc, Map<String, String> tables, Path path) {
        Matcher m = REGION.matcher(doc);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String table = tables.get(m.group(2));
            if (table == null) {
                throw new IllegalStateException("unknown generated table '" + m.group(2) + "' in " + path);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + table + m.group(4)));
        }
        m.appendTail(out);
        return out.toString();
    }

    @Test
    void referenceTablesAreCurrent() throws IOException {
        assertCurrent(DOC, tables());
    }

    @Test
    void diagnosticCodesTableIsCurrent() throws IOException {
        assertCurrent(CODES_DOC, codeTables());
    }

    private static void assertCurrent(Path relative, Map<String, String> tables) throws IOException {
        Path doc = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().resolve(relative);
        String committed = Files.readString(doc);
        String generated = regenerate(committed, tables, relative);
        if (Boolean.getBoolean("schema.update")) {
            Files.writeString(doc, generated);
        }
        tables.keySet().forEach(name -> assertEquals(true, committed.contains("<!-- generated: " + name + " -->"),
                relative + " lacks the table '" + name + "'"));
        assertEquals(generated, committed, relative + " is stale: regenerate with mvn -pl flux-core -am test "
                + "-Dtest=ReferenceDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Dschema.update=true");
    }
}
