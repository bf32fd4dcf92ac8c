package dev.fluxext.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.model.Span;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every diagnostic code is produced by the mistake it names, with its message at its own position. */
class DiagnosticCodesTest {

    private static final String SPOUT = """
            spouts:
              - id: s
                className: org.apache.storm.testing.TestWordSpout
            """;
    private static final String BOLT_AND_STREAM = """
            bolts:
              - id: b
                className: org.apache.storm.testing.TestWordCounter
            streams:
              - {from: s, to: b, grouping: {type: SHUFFLE}}
            """;

    @TempDir
    Path dir;

    private LoadResult load(String yaml) {
        return load(yaml, Map.of());
    }

    private LoadResult load(String yaml, Map<String, Object> overrides) {
        try {
            Path file = dir.resolve("t.yaml");
            Files.writeString(file, yaml);
            return FluxLoader.load(new LoadOptions(file.toString(), false, Optional.empty(), false, Map.of(),
                    overrides));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one diagnostic of {@code code} in {@code result}, as printed but with the file's directory left out. */
    private String only(Code code, LoadResult result) {
        return the(code, result).format().replace(dir + "/", "");
    }

    private static Diagnostic the(Code code, LoadResult result) {
        List<Diagnostic> found = result.diagnostics().stream().filter(d -> d.code() == code).toList();
        assertEquals(1, found.size(), code + " in " + result.diagnostics());
        return found.get(0);
    }

    @Test
    void eachCodeIsProducedByItsMistake() throws IOException {
        Map<Code, String> seen = new EnumMap<>(Code.class);
        seen.put(Code.FILE_UNREADABLE, only(Code.FILE_UNREADABLE, FluxLoader.load(LoadOptions.of(dir.resolve("nope.yaml")
                .toString()))));
        seen.put(Code.YAML_SYNTAX, only(Code.YAML_SYNTAX, load("name: [a\n")));
        seen.put(Code.DUPLICATE_KEY, only(Code.DUPLICATE_KEY, load("name: a\nname: b\n" + SPOUT)));
        seen.put(Code.INCLUDE, only(Code.INCLUDE, load("includes: 5\n" + SPOUT)));
        seen.put(Code.PLACEHOLDER, only(Code.PLACEHOLDER, load("name: ${n}\n" + SPOUT)));
        seen.put(Code.UNKNOWN_KEY, only(Code.UNKNOWN_KEY, load("nmae: a\n" + SPOUT)));
        seen.put(Code.WRONG_TYPE, only(Code.WRONG_TYPE, load(SPOUT + "    numTasks: many\n")));
        seen.put(Code.MISSING_KEY, only(Code.MISSING_KEY, load("spouts:\n  - id: s\n")));
        seen.put(Code.OUT_OF_RANGE, only(Code.OUT_OF_RANGE, load(SPOUT + "    parallelism: 0\n")));
        seen.put(Code.CONFLICTING_KEYS, only(Code.CONFLICTING_KEYS, load(SPOUT
                + "    properties: [{name: x, value: 1, ref: c}]\n")));
        seen.put(Code.EMPTY_TOPOLOGY, only(Code.EMPTY_TOPOLOGY, load("name: t\n")));
        seen.put(Code.DUPLICATE_ID, only(Code.DUPLICATE_ID, load(SPOUT
                + "  - {id: s, className: org.apache.storm.testing.TestWordSpout}\n")));
        seen.put(Code.UNKNOWN_REFERENCE, only(Code.UNKNOWN_REFERENCE, load(SPOUT + BOLT_AND_STREAM.replace("from: s",
                "from: x"))));
        seen.put(Code.GROUPING, only(Code.GROUPING, load(SPOUT + BOLT_AND_STREAM.replace("SHUFFLE", "FIELDS"))));
        seen.put(Code.NO_EFFECT, only(Code.NO_EFFECT, load(SPOUT + "    parallelism: 2\n    numTasks: 1\n")));
        seen.put(Code.LEFT_OUT, only(Code.LEFT_OUT, load(SPOUT + BOLT_AND_STREAM
                .replace("streams:\n  - {from: s, to: b, grouping: {type: SHUFFLE}}\n", ""))));
        seen.put(Code.STREAM_CYCLE, only(Code.STREAM_CYCLE, load(SPOUT + BOLT_AND_STREAM
                + "  - {from: b, to: b, grouping: {type: SHUFFLE}}\n")));
        seen.put(Code.CLASS, only(Code.CLASS, load(SPOUT.replace("org.apache.storm.testing.TestWordSpout",
                "org.apache.storm.testing.TestWordSpot"))));
        seen.put(Code.MEMBER, only(Code.MEMBER, load(SPOUT + "    constructorArgs: [a, b, c]\n")));
        seen.put(Code.STORM_CONFIG, only(Code.STORM_CONFIG, load("config: {topology.workers: two}\n" + SPOUT)));
        seen.put(Code.STORM_CONFIG_IGNORED, only(Code.STORM_CONFIG_IGNORED, load(SPOUT
                + "    config: {topology.workers: 2}\n")));
        seen.put(Code.STREAM_FIELDS, only(Code.STREAM_FIELDS, load(SPOUT + BOLT_AND_STREAM.replace("{type: SHUFFLE}",
                "{type: FIELDS, args: [wrod]}"))));
        seen.put(Code.STORM_REJECTED, only(Code.STORM_REJECTED, load(SPOUT + BOLT_AND_STREAM.replace(
                "org.apache.storm.testing.TestWordCounter", "dev.fluxext.build.testing.UndeclarableBolt"))));
        seen.put(Code.STORM_CONFIG_NULL, only(Code.STORM_CONFIG_NULL, load("config:\n  topology.debug:  # off\n"
                + SPOUT)));
        seen.put(Code.MISSING_JAR, only(Code.MISSING_JAR, load(SPOUT.replace("org.apache.storm.testing.TestWordSpout",
                "org.apache.storm.hdfs.spout.HdfsSpout"))));
        Files.createDirectories(dir.resolve("nope.pass")); // there, but no password file
        seen.put(Code.TLS_STORE, only(Code.TLS_STORE, load(SPOUT + "transport:\n  tls:\n    keystore: worker.p12\n"
                + "    truststore: ca.p12\n    password: {file: " + dir + "/nope.pass}\n")));
        seen.put(Code.TLS_NOT_HERE, only(Code.TLS_NOT_HERE, load(SPOUT + "transport:\n  tls:\n    keystore: "
                + "worker.p12\n    truststore: ca.p12\n    password: {file: " + dir + "/elsewhere.pass}\n")));
        seen.put(Code.TLS_SETTING, only(Code.TLS_SETTING, load(SPOUT + "transport:\n  tls:\n    keystore: "
                + "worker.p12\n    truststore: ca.p12\n    password: {file: " + dir + "/elsewhere.pass}\n"
                + "    protocols: TLSv1\n")));
        seen.put(Code.OVERRIDE, only(Code.OVERRIDE, load(SPOUT, Map.of("fluxext.compression.codec", "lz4"))));
        seen.put(Code.INTERNAL, only(Code.INTERNAL, FluxLoader.load(LoadOptions.of(write(SPOUT)), (m, o, d) -> {
            throw new IllegalStateException("a bug");
        })));

        assertEquals(Arrays.stream(Code.values()).toList(), List.copyOf(seen.keySet()), "a test for every code");
        assertEquals(expected(), seen.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining("\n")));
    }

    private String write(String yaml) {
        try {
            return Files.writeString(dir.resolve("t.yaml"), yaml).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String expected() {
        return String.join("\n",
                "FILE_UNREADABLE nope.yaml:1:1: file 'nope.yaml' not found",
                "YAML_SYNTAX t.yaml:1:7: the '[' opened here is never closed: end the list with ']' after its last item",
                "DUPLICATE_KEY t.yaml:2:1: duplicate key 'name' (first at line 1): a key may appear once in a map and only the first counts; remove one of them, or, if this one belongs to another element, fix its indentation",
                "INCLUDE t.yaml:1:11: 'includes' must be a list of {file, resource, override}, not a whole number",
                "PLACEHOLDER t.yaml:1:7: '${n}' has no value: give a properties file with --filter that defines 'n'",
                "UNKNOWN_KEY t.yaml:1:1: unknown key 'nmae' at the top level; did you mean 'name'?",
                "WRONG_TYPE t.yaml:4:15: 'numTasks' of spout 's' must be a whole number, not 'many'",
                "MISSING_KEY t.yaml:2:5: missing 'className' in spout 's'",
                "OUT_OF_RANGE t.yaml:4:18: 'parallelism' of spout 's' must be at least 1, not 0",
                "CONFLICTING_KEYS t.yaml:4:18: property of spout 's' needs exactly one of 'value' and 'ref', not both: give the value, or the id of a component",
                "EMPTY_TOPOLOGY t.yaml:1:1: the topology has no spouts: declare 'spouts' (and 'bolts' and 'streams'), or a 'topologySource'",
                "DUPLICATE_ID t.yaml:4:10: duplicate id 's': already used by the spout declared at line 2 (ids must be unique across components, spouts and bolts)",
                "UNKNOWN_REFERENCE t.yaml:8:12: stream from unknown spout or bolt 'x'; did you mean 'b'?",
                "GROUPING t.yaml:8:32: FIELDS grouping needs 'args': the list of field names to group by",
                "NO_EFFECT t.yaml:5:15: warning: 'numTasks' (1) of spout 's' is less than its 'parallelism' (2): only 1 executors will run",
                "LEFT_OUT t.yaml:5:5: warning: no stream goes to bolt 'b': it is left out of the topology, as Storm's Flux leaves it out",
                "STREAM_CYCLE t.yaml:9:19: warning: stream from bolt 'b' to itself: what it emits on stream 'default' comes back to it, and tuples circle for ever unless it stops emitting for some of them",
                "CLASS t.yaml:3:16: class org.apache.storm.testing.TestWordSpot not found; did you mean org.apache.storm.testing.TestWordSpout?",
                "MEMBER t.yaml:3:16: no constructor of org.apache.storm.testing.TestWordSpout takes 3 arguments; candidates: TestWordSpout(), TestWordSpout(boolean)",
                "STORM_CONFIG t.yaml:1:28: topology.workers must be a positive integer, not 'two'",
                "STORM_CONFIG_IGNORED t.yaml:4:14: warning: 'topology.workers' is ignored per component by Storm 2.8 workers; set it in the topology config",
                "STREAM_FIELDS t.yaml:8:53: stream 'default' of 's' has no field wrod (its fields: word)",
                "STORM_REJECTED t.yaml:1:1: Storm could not create the topology: no outputs today",
                "STORM_CONFIG_NULL t.yaml:2:3: warning: 'topology.debug' has no value: Storm gets null for it, in place of its default",
                "MISSING_JAR t.yaml:3:16: class org.apache.storm.hdfs.spout.HdfsSpout not found: no class of package org.apache.storm.hdfs.spout is on the classpath; it is in Storm's connector storm-hdfs: add org.apache.storm:storm-hdfs:2.8.3 with its dependencies (--jar, --classpath, or your topology jar)",
                "TLS_STORE t.yaml:8:22: the TLS password file nope.pass (fluxext.tls.password.file) is not a regular file of at most 4096 bytes",
                "TLS_NOT_HERE t.yaml:6:15: warning: the TLS stores and password file are not on this machine: each worker checks them at start",
                "TLS_SETTING t.yaml:9:16: transport tls protocols: TLSv1 is outdated and weak (TLS 1.0 and 1.1 are deprecated by RFC 8996, SSL is broken); write protocols: TLSv1.3 (the default) or TLSv1.2 (one name)",
                "OVERRIDE -c fluxext.compression.codec: compression is configured in the topology file (a 'compression:' block, or Storm 3 keys in 'config:'), not with -c",
                "INTERNAL t.yaml:1:1: internal error: java.lang.IllegalStateException: a bug (run with --verbose for the stack trace)");
    }

    /** A mistake, the kind of diagnostic it gives and the text that is about: START-END as LINE:COL (END excluded). */
    private record SpanCase(String what, String yaml, Code code, String span) {
    }

    @Test
    void eachKindSpansTheWholeTextItIsAbout() {
        String quotedClass = SPOUT.replace("org.apache.storm.testing.TestWordSpout",
                "\"org.apache.storm.testing.TestWordSpot\"");
        List<SpanCase> cases = List.of(
                new SpanCase("syntax: the bracket never closed", "name: [a\n", Code.YAML_SYNTAX, "1:7-1:8"),
                new SpanCase("second key", "name: a\nname: b\n" + SPOUT, Code.DUPLICATE_KEY, "2:1-2:5"),
                new SpanCase("includes value", "includes: 5\n" + SPOUT, Code.INCLUDE, "1:11-1:12"),
                new SpanCase("the placeholder in its scalar", "name: x-${n}\n" + SPOUT, Code.PLACEHOLDER, "1:9-1:13"),
                new SpanCase("plain key", "nmae: a\n" + SPOUT, Code.UNKNOWN_KEY, "1:1-1:5"),
                new SpanCase("quoted key", "\"nmae\": a\n" + SPOUT, Code.UNKNOWN_KEY, "1:1-1:7"),
                new SpanCase("plain value", SPOUT + "    numTasks: many\n", Code.WRONG_TYPE, "4:15-4:19"),
                new SpanCase("quoted value", SPOUT + "    numTasks: 'many'\n", Code.WRONG_TYPE, "4:15-4:21"),
                new SpanCase("block scalar", SPOUT + "    numTasks: |\n      many\n      more\n\n", Code.WRONG_TYPE,
                        "4:15-6:11"),
                new SpanCase("flow list over two lines", "config: [a,\n  b]\n" + SPOUT, Code.WRONG_TYPE, "1:9-2:5"),
                new SpanCase("block list", "config:\n  - a\n  - bb\n# done\n" + SPOUT, Code.WRONG_TYPE, "2:3-3:7"),
                new SpanCase("the element lacking it", "spouts:\n  - id: s\n", Code.MISSING_KEY, "2:5-2:10"),
                new SpanCase("a block element", "spouts:\n  - id: s\n    parallelism: 2\n\n", Code.MISSING_KEY,
                        "2:5-3:19"),
                new SpanCase("number", SPOUT + "    parallelism: 0\n", Code.OUT_OF_RANGE, "4:18-4:19"),
                new SpanCase("compression value", SPOUT + "    compression: {codec: zstd, zstd: {windowLog: 5}}\n",
                        Code.OUT_OF_RANGE, "4:50-4:51"),
                new SpanCase("compression config value",
                        SPOUT + "    config: {fluxext.compression.zstd.window.log: 5}\n",
                        Code.OUT_OF_RANGE, "4:51-4:52"),
                new SpanCase("property map", SPOUT + "    properties: [{name: x, value: 1, ref: c}]\n",
                        Code.CONFLICTING_KEYS, "4:18-4:45"),
                new SpanCase("config key set in the block too", SPOUT + "    compression: {codec: lz4}\n"
                        + "    config: {fluxext.compression.codec: gzip}\n", Code.CONFLICTING_KEYS, "5:14-5:39"),
                new SpanCase("the whole file", "name: t\n", Code.EMPTY_TOPOLOGY, "1:1-1:8"),
                new SpanCase("second id", SPOUT + "  - {id: s, className: org.apache.storm.testing.TestWordSpout}\n",
                        Code.DUPLICATE_ID, "4:10-4:11"),
                new SpanCase("stream end", SPOUT + BOLT_AND_STREAM.replace("from: s", "from: sx"),
                        Code.UNKNOWN_REFERENCE, "8:12-8:14"),
                new SpanCase("ref id", "components:\n  - id: c\n    className: java.lang.Object\n"
                        + "    constructorArgs: [{ref: nowhere}]\n" + SPOUT, Code.UNKNOWN_REFERENCE, "4:29-4:36"),
                new SpanCase("grouping map", SPOUT + BOLT_AND_STREAM.replace("SHUFFLE", "FIELDS"), Code.GROUPING,
                        "8:32-8:46"),
                new SpanCase("the bolt's map", SPOUT + BOLT_AND_STREAM.replace(
                        "streams:\n  - {from: s, to: b, grouping: {type: SHUFFLE}}\n", ""), Code.LEFT_OUT,
                        "5:5-6:56"),
                new SpanCase("the key without a value", "config:\n  topology.debug:  # off\n" + SPOUT,
                        Code.STORM_CONFIG_NULL, "2:3-2:17"),
                new SpanCase("class name", SPOUT.replace("TestWordSpout", "TestWordSpot"), Code.CLASS, "3:16-3:53"),
                new SpanCase("quoted class name", quotedClass, Code.CLASS, "3:16-3:55"),
                new SpanCase("no constructor: the class name", SPOUT + "    constructorArgs: [a, b, c]\n", Code.MEMBER,
                        "3:16-3:54"),
                new SpanCase("the argument", SPOUT + "    constructorArgs: [\"yes\"]\n", Code.MEMBER, "4:23-4:28"),
                new SpanCase("config value", "config: {topology.workers: two}\n" + SPOUT, Code.STORM_CONFIG,
                        "1:28-1:31"),
                new SpanCase("config key", SPOUT + "    config: {topology.workers: 2}\n", Code.STORM_CONFIG_IGNORED,
                        "4:14-4:30"),
                new SpanCase("field list", SPOUT + BOLT_AND_STREAM.replace("{type: SHUFFLE}",
                        "{type: FIELDS, args: [wrod]}"), Code.STREAM_FIELDS, "8:53-8:59"),
                new SpanCase("Storm's refusal: the whole topology", SPOUT + BOLT_AND_STREAM.replace(
                        "org.apache.storm.testing.TestWordCounter", "dev.fluxext.build.testing.UndeclarableBolt"),
                        Code.STORM_REJECTED, "1:1-8:48"));
        assertEquals(cases.stream().map(c -> c.what() + ": " + c.code() + " " + c.span()).toList(),
                cases.stream().map(c -> c.what() + ": " + c.code() + " " + startToEnd(the(c.code(), load(c.yaml()))
                        .span())).toList());
    }

    private static String startToEnd(Span span) {
        return span.start().line() + ":" + span.start().column() + "-" + span.endLine() + ":" + span.endColumn();
    }

    @Test
    void aDuplicateIdPointsAtTheFirstDeclarationWithItsWholeSpan() {
        Diagnostic d = load(SPOUT + "  - {id: s, className: org.apache.storm.testing.TestWordSpout}\n").diagnostics()
                .stream().filter(x -> x.code() == Code.DUPLICATE_ID).findFirst().orElseThrow();
        assertEquals(4, d.position().line());
        assertEquals(new Span(d.position(), 4, d.position().column() + 1), d.span());
        assertEquals(1, d.related().size());
        assertEquals("2:9-2:10", startToEnd(d.related().get(0).span()), "the first id's text");
        assertEquals("first declared here", d.related().get(0).message());
    }

    @Test
    void everyCodeIdIsUniqueAndDocumented() {
        assertEquals(Code.values().length, Arrays.stream(Code.values()).map(Code::id).distinct().count());
        for (Code c : Code.values()) {
            assertTrue(c.id().matches("FX\\d{3}") && !c.summary().isBlank() && !c.example().isBlank()
                    && !c.fix().isBlank(), c.name());
        }
    }
}
