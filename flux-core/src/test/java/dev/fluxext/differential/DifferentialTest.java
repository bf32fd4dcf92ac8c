package dev.fluxext.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.differential.Corpus.Case;
import dev.fluxext.differential.Corpus.Outcome;
import dev.fluxext.differential.Corpus.Project;
import dev.fluxext.differential.Named.Finding;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The differential suite: every Flux file of the corpus ({@link Corpus}) goes through Storm's own Flux 2.8.3 (plus
 * Storm's submit checks) and through fluxext, with the project's classes; the outcome and the names of the differences
 * must be those the project's {@code expected.tsv} gives. Prints the counts per outcome (quoted in
 * docs/flux-compatibility.md).
 */
class DifferentialTest {

    private static final Map<String, Evaluation> RESULTS = new ConcurrentHashMap<>();
    /** {@code -Ddifferential.update=true}: write the outcomes found into the expected tables instead of checking. */
    private static final boolean UPDATE = Boolean.getBoolean("differential.update");

    /** What happened to one file. */
    record Evaluation(Outcome outcome, Set<Named> names, List<Finding> findings, List<Finding> unexplained,
                      String detail) {
    }

    @TestFactory
    Stream<DynamicContainer> corpus() {
        return Corpus.projects().stream().map(project -> DynamicContainer.dynamicContainer(
                project.name() + " (" + project.source() + " @ " + project.version() + ")",
                Corpus.cases(project).stream().map(c -> DynamicTest.dynamicTest(c.file(), () -> check(c)))));
    }

    private static void check(Case c) {
        Evaluation e = evaluate(c);
        RESULTS.put(c.toString(), e);
        if (UPDATE) {
            return;
        }
        String report = c + ": " + e.outcome() + " " + e.names() + "\n  " + e.detail() + e.findings().stream()
                .map(f -> "\n  - " + f).collect(Collectors.joining());
        assertTrue(e.unexplained().isEmpty(), () -> "differences no name recognises: " + e.unexplained() + "\n"
                + report);
        assertEquals(c.outcome(), e.outcome(), report);
        assertEquals(c.names(), e.names(), report);
    }

    /** One loader per project and side, shared by its files: opening the jars again per file costs seconds. */
    private static final Map<String, ClassLoader[]> LOADERS = new ConcurrentHashMap<>();

    static Evaluation evaluate(Case c) {
        ClassLoader[] loaders = LOADERS.computeIfAbsent(c.project().name(), name -> {
            ClassLoader corpus = c.project().loader(DifferentialTest.class.getClassLoader());
            return new ClassLoader[] {corpus, StormFlux.loader(corpus)};
        });
        ClassLoader corpus = loaders[0];
        StormFlux.Result storm = c.workingDirectory().isPresent()
                ? StormFlux.buildIn(c.workingDirectory().get(), c.path(), c.filter(), c.envFilter(), c.project().jars())
                : StormFlux.build(c.path(), c.filter(), c.envFilter(), loaders[1]);
        LoadResult ours = fluxext(c, corpus);
        List<Diagnostic> errors = ours.diagnostics().stream().filter(Diagnostic::isError).toList();
        String errorText = errors.stream().map(d -> d.code().id() + " " + d.message()).collect(Collectors.joining(
                "; "));
        List<Finding> findings = new ArrayList<>();
        Outcome outcome;
        String detail;
        if (!storm.accepted() && !errors.isEmpty()) {
            boolean missing = storm.fluxError().map(StormFlux::missingClass).orElse(false);
            outcome = missing ? Outcome.MISSING_CLASS : Outcome.BOTH_REJECT;
            if (missing) {
                // Flux stops at the first missing class, so it says nothing about the rest of the file: every other
                // error fluxext reports is one a user with the jar would meet, and must be a named difference.
                errors.stream().filter(d -> d.code() != Code.CLASS && d.code() != Code.MISSING_JAR)
                        .forEach(d -> findings.add(Finding.fluxextRejects(d.code().id() + " " + d.message())));
            }
            // Both reject: for Storm's reason too? Another reason is a difference, and must have a name.
            Cause cause = Cause.ofStorm(storm.rejection());
            if (errors.stream().noneMatch(d -> cause.reportedAs(d.code()))) {
                findings.add(Finding.otherReason(cause, storm.rejection(), errorText));
            }
            detail = storm.rejection() + " [" + cause + "]\n  fluxext: " + errorText;
        } else if (storm.accepted() && errors.isEmpty()) {
            List<Comparison.Diff> diffs = Comparison.of(storm.topology().get(), storm.config(),
                    ours.topology().get().topology(), ours.topology().get().config(), corpus);
            diffs.forEach(d -> findings.add(Finding.of(d)));
            outcome = diffs.isEmpty() ? Outcome.IDENTICAL : Outcome.DIFFERENT;
            detail = "both build";
        } else if (storm.accepted()) {
            errors.forEach(d -> findings.add(Finding.fluxextRejects(d.code().id() + " " + d.message())));
            outcome = Outcome.DIFFERENT;
            detail = "Storm builds and accepts it; fluxext: " + errorText;
        } else {
            findings.add(Finding.stormRejects(storm.rejection()));
            outcome = Outcome.DIFFERENT;
            detail = storm.rejection() + "; fluxext builds it";
        }
        Set<Named> names = EnumSet.noneOf(Named.class);
        List<Finding> unexplained = new ArrayList<>();
        for (Finding f : findings) {
            List<Named> by = Stream.of(Named.values()).filter(n -> n.recognises(f)).toList();
            names.addAll(by);
            if (by.isEmpty()) {
                unexplained.add(f);
            }
        }
        return new Evaluation(outcome, names, findings, unexplained, detail);
    }

    private static LoadResult fluxext(Case c, ClassLoader corpus) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(corpus);
        try {
            LoadOptions options = new LoadOptions(c.path().toString(), false, c.filter(), c.envFilter(),
                    System.getenv(), Map.of());
            return FluxLoader.load(c.workingDirectory().map(options::inDirectory).orElse(options));
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** A Flux file added to a project's directory without a row would be skipped silently. */
    @Test
    void everyFileHasARow() throws IOException {
        for (Project project : Corpus.projects()) {
            Set<String> rows = Corpus.cases(project).stream().map(Case::file).collect(Collectors.toCollection(
                    TreeSet::new));
            Set<String> files = new TreeSet<>();
            try (Stream<Path> all = Files.walk(project.dir())) {
                all.filter(p -> p.toString().matches(".*\\.(yaml|yml|flux)$") && !project.properties()
                                .getProperty("notTopologies", "").contains(project.dir().relativize(p).toString()))
                        .forEach(p -> files.add(project.dir().relativize(p).toString()));
            }
            assertEquals(files, rows, project.name() + ": files and rows of expected.tsv");
        }
    }

    @AfterAll
    static void countsPrintedAndQuotedInDocs() throws IOException {
        if (RESULTS.isEmpty()) {
            return;
        }
        if (UPDATE) {
            for (Project project : Corpus.projects()) {
                updateTable(project);
            }
        }
        Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
        RESULTS.values().forEach(e -> counts.merge(e.outcome(), 1, Integer::sum));
        Map<Named, Integer> named = new EnumMap<>(Named.class);
        RESULTS.values().forEach(e -> e.names().forEach(n -> named.merge(n, 1, Integer::sum)));
        StringBuilder out = new StringBuilder("Differential suite (Storm's Flux 2.8.3 vs fluxext), " + RESULTS.size()
                + " files:");
        for (Outcome o : Outcome.values()) {
            out.append(' ').append(o.name().toLowerCase().replace('_', ' ')).append(' ')
                    .append(counts.getOrDefault(o, 0)).append(',');
        }
        out.setLength(out.length() - 1);
        named.forEach((n, k) -> out.append("\n  ").append(n.kind).append(' ').append(n).append(": ").append(k)
                .append(k == 1 ? " file" : " files"));
        System.out.println(out);
        int cases = Corpus.projects().stream().mapToInt(p -> Corpus.cases(p).size()).sum();
        String quoted = "| **all** | | **" + RESULTS.size() + "** | " + Stream.of(Outcome.values())
                .map(o -> "**" + counts.getOrDefault(o, 0) + "**").collect(Collectors.joining(" | ")) + " |";
        if (!UPDATE && RESULTS.size() == cases) {
            String docs = Files.readString(Path.of("../docs/flux-compatibility.md"));
            assertTrue(docs.contains(quoted), "docs/flux-compatibility.md must quote the counts: " + quoted);
        }
    }

    /** Rewrites the outcome and names of each row with what this run found; comments and notes stay. */
    private static void updateTable(Project project) throws IOException {
        Path table = Path.of("src/test/resources/differential").resolve(project.name()).resolve("expected.tsv");
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(table)) {
            String[] cells = line.split("\t", -1);
            Evaluation e = line.startsWith("#") || cells.length != 4 ? null
                    : RESULTS.get(project.name() + "/" + cells[0]);
            lines.add(e == null ? line : String.join("\t", cells[0], e.outcome().name(), e.names().stream()
                    .map(Named::name).collect(Collectors.joining(",")), cells[3]));
        }
        Files.write(table, lines);
    }
}
