package dev.fluxext.benchmarks.load;

import dev.fluxext.lsp.TopologyCheck;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code flux lsp} after an edit of the {@link LargeTopology} (1,000 bolts, 2,000 streams): the check the server runs
 * once typing pauses (its debounce, 150 ms by default, comes on top), from the editor's text to the diagnostics in
 * the protocol's form. Each invocation checks a text that differs from the last (one bolt's parallelism edited, and
 * every other edit a misspelt stream end, so that the diagnostics change too), as typing does. Warm JVM, full JIT,
 * as bin/flux runs the server.
 *
 * <p>On a shared, busy machine JMH's wall-clock figure swings with other processes; {@link #main} is the
 * load-robust cross-check (as {@code CpuTimeCheck} is for the codecs): the same edits in one thread, each charged
 * the thread's CPU time, median and 90th percentile.
 * {@code java -cp benchmarks/target/benchmarks.jar dev.fluxext.benchmarks.load.LspCheckBenchmark [edits]}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LspCheckBenchmark {

    private final TopologyCheck check = new TopologyCheck(Map.of());
    private String uri;
    private String text;
    private int edit;

    @Setup(Level.Trial)
    public void writeTopology() throws Exception {
        Path file = Files.createTempFile("large-topology", ".yaml");
        Files.delete(file); // the server reads the editor's text, not the file
        uri = file.toUri().toString();
        text = LargeTopology.yaml();
        List<Diagnostic> clean = check.check(uri, text).get(uri);
        List<Diagnostic> misspelt = check.check(uri, edited(1)).get(uri);
        if (clean.stream().anyMatch(d -> d.getSeverity() == DiagnosticSeverity.Error)
            || misspelt.size() != clean.size() + 1) {
            throw new IllegalStateException("expected no errors, then one more diagnostic: " + clean + " / " + misspelt);
        }
    }

    /** The topology with bolt 500's parallelism changed and, for odd edits, a stream to a misspelt bolt. */
    private String edited(int n) {
        String changed = text.replace("  - id: \"bolt-500\"\n    className: \"org.apache.storm.testing.TestWordCounter\"\n"
            + "    parallelism: 1", "  - id: \"bolt-500\"\n    className: \"org.apache.storm.testing.TestWordCounter\"\n"
            + "    parallelism: " + (2 + n % 7));
        return n % 2 == 1 ? changed.replaceFirst(Pattern.quote("    to: \"bolt-700\"\n"), "    to: \"blot-700\"\n")
            : changed;
    }

    @Benchmark
    public Map<String, List<Diagnostic>> checkAfterEdit() {
        return check.check(uri, edited(edit++));
    }

    public static void main(String[] args) throws Exception {
        int edits = args.length > 0 ? Integer.parseInt(args[0]) : 60;
        LspCheckBenchmark benchmark = new LspCheckBenchmark();
        benchmark.writeTopology();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[edits];
        long[] wall = new long[edits];
        for (int warm = 0; warm < edits; warm++) { // as many unmeasured first: the JIT's share
            benchmark.checkAfterEdit();
        }
        for (int i = 0; i < edits; i++) {
            long cpuStart = threads.getCurrentThreadCpuTime();
            long wallStart = System.nanoTime();
            benchmark.checkAfterEdit();
            wall[i] = System.nanoTime() - wallStart;
            cpu[i] = threads.getCurrentThreadCpuTime() - cpuStart;
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        System.out.printf(Locale.ROOT, "check after an edit, %d edits: CPU time median %d ms, p90 %d ms; "
            + "wall median %d ms, p90 %d ms%n", edits, cpu[edits / 2] / 1_000_000, cpu[edits * 9 / 10] / 1_000_000,
            wall[edits / 2] / 1_000_000, wall[edits * 9 / 10] / 1_000_000);
    }
}
