package dev.fluxext.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.load.FluxLoader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package graph of flux-core's compiled classes, as the JDK's own {@code jdeps} reads it: data flows one way
 * through the stages, so no package may depend on itself through others, and {@code model} depends on none. On top,
 * {@code cli} (commands, output formats) hands to {@code run}: nothing uses {@code cli}, and only {@code cli} uses
 * {@code run}'s packages, and only those it may ({@link #CLI_MAY_USE}). Inside {@code run}, each package uses only
 * the ones {@link #RUN_MAY_USE} gives it: the hand-off and a local run's course ({@code run}) on top; the embedded
 * cluster ({@code run.local}), submission to a cluster ({@code run.remote}) and what a run reports
 * ({@code run.report}) side by side, none using another; the process's exit statuses and failures
 * ({@code run.process}) below them all.
 *
 * <p>flux-compression's packages as well: no cycles, and the entry points Storm's config names
 * ({@code compression.storm}) and the batch transport sit on top of the receive guard ({@code guard}), the counting
 * of what is sent ({@code wire}) and the per-tuple serializer's work ({@code serializer}), which never use them.
 */
class PackageCyclesTest {

    private static final Pattern EDGE = Pattern.compile("^\\s+(dev\\.fluxext\\.\\S+)\\s+->\\s+(dev\\.fluxext\\.\\S+)");

    private static final String COMPRESSION = "dev.fluxext.compression.";

    private static final String RUN = "dev.fluxext.run";
    private static final String LOCAL = RUN + ".local";
    private static final String REMOTE = RUN + ".remote";
    private static final String REPORT = RUN + ".report";
    private static final String PROCESS = RUN + ".process";

    /**
     * Every package of {@code run} and the other {@code run} packages it may use: data flows from the hand-off down.
     * A new package under {@code run} must be placed here.
     */
    static final Map<String, Set<String>> RUN_MAY_USE = Map.of(
            RUN, Set.of(LOCAL, REMOTE, REPORT, PROCESS),
            LOCAL, Set.of(PROCESS),
            REMOTE, Set.of(PROCESS),
            REPORT, Set.of(PROCESS),
            PROCESS, Set.of());

    /**
     * The {@code run} packages {@code cli} may use: the hand-off and Storm's log ({@code run}), the exit statuses, the
     * expected failure and the process ({@code run.process}). Never the local cluster, the submission or what a run
     * reports: those are the run's, reached through {@code StormHandOff}.
     */
    static final Set<String> CLI_MAY_USE = Set.of(RUN, PROCESS);

    private static Map<String, Set<String>> graph;
    private static Map<String, Set<String>> compression;

    @BeforeAll
    static void readGraph() throws Exception {
        graph = dependencies(classesOf(FluxLoader.class));
        compression = dependencies(classesOf(CompressionSetup.class));
    }

    /** The directory or jar {@code type} was loaded from: the module's compiled classes. */
    private static Path classesOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** Package → the dev.fluxext packages it uses (other than itself), from {@code jdeps -verbose:package}. */
    static Map<String, Set<String>> dependencies(Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:package", "-e", "dev\\.fluxext\\..*",
                classes.toString());
        assertEquals(0, exit, out.toString());
        Map<String, Set<String>> deps = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find()) {
                deps.computeIfAbsent(m.group(1), k -> new TreeSet<>());
                if (!m.group(1).equals(m.group(2))) {
                    deps.get(m.group(1)).add(m.group(2));
                }
            }
        }
        return deps;
    }

    @Test
    void theGraphIsRead() {
        assertTrue(graph.getOrDefault("dev.fluxext.load", Set.of()).contains("dev.fluxext.build"), graph.toString());
    }

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        assertEquals(List.of(), cycles(graph));
    }

    @Test
    void modelIsALeaf() {
        assertEquals(Set.of(), graph.getOrDefault("dev.fluxext.model", Set.of()));
    }

    @Test
    void cliIsOnTop() {
        assertTrue(graph.getOrDefault("dev.fluxext.cli", Set.of()).contains(RUN), graph.toString());
        graph.forEach((from, to) -> assertFalse(to.contains("dev.fluxext.cli"), from + " depends on cli: " + to));
    }

    @Test
    void onlyCliUsesRunAndRunsPackagesUseOnlyWhatTheyMay() {
        assertEquals(List.of(), runViolations(graph));
    }

    @Test
    void runsPackagesAreAllRead() {
        for (String run : RUN_MAY_USE.keySet()) {
            assertTrue(graph.containsKey(run), run + " not read: " + graph.keySet());
        }
        assertTrue(graph.get(RUN).containsAll(List.of(LOCAL, REMOTE, REPORT)), graph.get(RUN).toString());
    }

    @Test
    void aForbiddenUseOfRunIsFound() {
        Map<String, Set<String>> bad = new TreeMap<>(Map.of(
                RUN, Set.of(LOCAL, REPORT),
                LOCAL, Set.of(REMOTE, PROCESS),
                REPORT, Set.of(RUN),
                RUN + ".extra", Set.of(),
                "dev.fluxext.cli", Set.of(RUN, LOCAL),
                "dev.fluxext.build", Set.of(PROCESS)));
        assertEquals(List.of(
                "dev.fluxext.build uses dev.fluxext.run.process: only cli uses run",
                "dev.fluxext.cli uses dev.fluxext.run.local: cli may use only " + new TreeSet<>(CLI_MAY_USE),
                "dev.fluxext.run.extra is not placed in RUN_MAY_USE",
                "dev.fluxext.run.local uses dev.fluxext.run.remote: it may use only [dev.fluxext.run.process]",
                "dev.fluxext.run.report uses dev.fluxext.run: it may use only [dev.fluxext.run.process]"),
                runViolations(bad));
    }

    private static boolean inRun(String pkg) {
        return pkg.equals(RUN) || pkg.startsWith(RUN + ".");
    }

    /** Every use of a {@code run} package that {@link #RUN_MAY_USE} and {@link #CLI_MAY_USE} do not allow. */
    static List<String> runViolations(Map<String, Set<String>> graph) {
        List<String> violations = new ArrayList<>();
        new TreeMap<>(graph).forEach((from, to) -> {
            Set<String> allowed;
            String rule;
            if (inRun(from)) {
                if (!RUN_MAY_USE.containsKey(from)) {
                    violations.add(from + " is not placed in RUN_MAY_USE");
                    return;
                }
                allowed = RUN_MAY_USE.get(from);
                rule = "it may use only " + new TreeSet<>(allowed);
            } else if (from.equals("dev.fluxext.cli")) {
                allowed = CLI_MAY_USE;
                rule = "cli may use only " + new TreeSet<>(allowed);
            } else {
                allowed = Set.of();
                rule = "only cli uses run";
            }
            for (String used : new TreeSet<>(to)) {
                if (inRun(used) && !used.equals(from) && !allowed.contains(used)) {
                    violations.add(from + " uses " + used + ": " + rule);
                }
            }
        });
        return violations;
    }

    @Test
    void fluxCompressionHasNoCycles() {
        assertTrue(compression.getOrDefault(COMPRESSION + "storm", Set.of()).contains(COMPRESSION + "guard"),
                compression.toString());
        assertEquals(List.of(), cycles(compression));
    }

    @Test
    void theGuardWireAndSerializerUseNeitherTheEntryPointsNorTheBatchTransport() {
        for (String inner : List.of("guard", "wire", "serializer")) {
            assertTrue(compression.containsKey(COMPRESSION + inner), inner + " not read: " + compression);
            Set<String> uses = compression.get(COMPRESSION + inner);
            assertFalse(uses.contains(COMPRESSION + "storm") || uses.contains(COMPRESSION + "batch"),
                    inner + " uses " + uses);
        }
    }

    @Test
    void aCycleIsFoundOnce() {
        assertEquals(List.of("a -> b -> c -> a"),
                cycles(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"), "d", Set.of())));
    }

    /** Every cycle, once each (reported from its smallest package). */
    static List<String> cycles(Map<String, Set<String>> graph) {
        List<String> cycles = new ArrayList<>();
        for (String start : new TreeSet<>(graph.keySet())) {
            cycleFrom(graph, start, start, new ArrayList<>(List.of(start)), new TreeSet<>(), cycles);
        }
        return cycles;
    }

    private static void cycleFrom(Map<String, Set<String>> graph, String start, String at, List<String> path,
                                  Set<String> seen, List<String> cycles) {
        for (String next : new TreeSet<>(graph.getOrDefault(at, Set.of()))) {
            if (next.equals(start)) {
                cycles.add(String.join(" -> ", path) + " -> " + start);
            } else if (next.compareTo(start) > 0 && seen.add(next)) {
                path.add(next);
                cycleFrom(graph, start, next, path, seen, cycles);
                path.remove(path.size() - 1);
            }
        }
    }
}
