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
 * {@code cli} (commands, output formats) hands to {@code run} (local cluster, remote submission): nothing uses
 * {@code cli}, and only {@code cli} uses {@code run}.
 *
 * <p>flux-compression's packages as well: no cycles, and the entry points Storm's config names
 * ({@code compression.storm}) and the batch transport sit on top of the receive guard ({@code guard}), the counting
 * of what is sent ({@code wire}) and the per-tuple serializer's work ({@code serializer}), which never use them.
 */
class PackageCyclesTest {

    private static final Pattern EDGE = Pattern.compile("^\\s+(dev\\.fluxext\\.\\S+)\\s+->\\s+(dev\\.fluxext\\.\\S+)");

    private static final String COMPRESSION = "dev.fluxext.compression.";

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
    void cliIsOnTopAndOnlyCliUsesRun() {
        assertTrue(graph.getOrDefault("dev.fluxext.cli", Set.of()).contains("dev.fluxext.run"), graph.toString());
        graph.forEach((from, to) -> {
            assertFalse(to.contains("dev.fluxext.cli"), from + " depends on cli: " + to);
            if (!from.equals("dev.fluxext.cli")) {
                assertFalse(to.contains("dev.fluxext.run"), from + " depends on run: " + to);
            }
        });
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
