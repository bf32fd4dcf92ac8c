package dev.fluxext.benchmarks.load;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * File → StormTopology for the {@link LargeTopology} (1,000 bolts, 2,000 streams) with every check on: YAML read
 * with positions, JSON Schema, structural checks, reflection, Storm's config validators, stream/field checks.
 * Warm-JVM cost; {@code docs/benchmarks-load.md} also times the whole process, JVM start included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LoadBenchmark {

    private Path file;
    private LoadOptions options;

    @Setup(Level.Trial)
    public void writeTopology() throws IOException {
        file = LargeTopology.write(Files.createTempFile("large-topology", ".yaml"));
        options = LoadOptions.of(file.toString());
        LoadResult first = load(options);
        if (first.hasErrors() || first.topology().isEmpty()) {
            throw new IllegalStateException("the generated topology does not load: " + first.diagnostics());
        }
    }

    @TearDown(Level.Trial)
    public void deleteTopology() throws IOException {
        Files.deleteIfExists(file);
    }

    @Benchmark
    public LoadResult loadLargeTopology() {
        return load(options);
    }

    static LoadResult load(LoadOptions options) {
        return FluxLoader.load(options);
    }
}
