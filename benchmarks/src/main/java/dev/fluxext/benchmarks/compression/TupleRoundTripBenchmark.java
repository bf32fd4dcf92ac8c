package dev.fluxext.benchmarks.compression;

import java.util.concurrent.TimeUnit;
import org.apache.storm.tuple.Tuple;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One tuple through Storm's {@code KryoTupleSerializer} and back through {@code KryoTupleDeserializer}: what an
 * inter-worker hop costs in CPU, for every {@link TuplePath} and {@link Payload}. Each op takes the next tuple of
 * the corpus, so no single input is measured (or memorised by a branch predictor) alone.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class TupleRoundTripBenchmark {

    @Param
    public Payload payload;

    @Param
    public TuplePath path;

    private StormTupleRig rig;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        rig = new StormTupleRig(path.topologyConf(), payload.load());
    }

    @Benchmark
    public Tuple roundTrip() {
        Tuple tuple = rig.tuple(next);
        if (++next == rig.size()) {
            next = 0;
        }
        return rig.deserialize(rig.serialize(tuple));
    }
}
