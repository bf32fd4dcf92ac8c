package dev.fluxext.benchmarks.compression;

import com.github.luben.zstd.ZstdCompressCtx;
import dev.fluxext.compression.codec.ZstdCodec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.Utils;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The sending side alone, against its floor: how close serialize + compress through Storm comes to a bare
 * {@link ZstdCompressCtx#compress} of the same serialized tuple values (reused context, same level).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SerializeBenchmark {

    @State(Scope.Thread)
    public static class Sender {
        @Param
        public Payload payload;

        @Param({"NONE", "ZSTD_STREAM_PER_TUPLE", "OURS_ZSTD"})
        public TuplePath path;

        StormTupleRig rig;
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            rig = new StormTupleRig(path.topologyConf(), payload.load());
        }

        Tuple nextTuple() {
            Tuple tuple = rig.tuple(next);
            if (++next == rig.size()) {
                next = 0;
            }
            return tuple;
        }
    }

    @State(Scope.Thread)
    public static class Floor {
        @Param
        public Payload payload;

        StormTupleRig rig;
        /** Each tuple's values as Storm's default serializer writes them: exactly what ours compresses. */
        byte[][] serializedValues;
        ZstdCompressCtx zstd;
        /** The codec exactly as ours calls it (magicless frame, reused output buffer): the codec's share of ours. */
        ZstdCodec ourCodec;
        byte[] ourCodecOut;
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            List<String> payloads = payload.load();
            rig = new StormTupleRig(TuplePath.NONE.topologyConf(), payloads);
            KryoValuesSerializer values = new KryoValuesSerializer(Utils.readDefaultConfig());
            serializedValues = new byte[rig.size()][];
            for (int i = 0; i < rig.size(); i++) {
                serializedValues[i] = values.serialize(rig.tuple(i).getValues());
            }
            zstd = new ZstdCompressCtx();
            zstd.setLevel(TuplePath.ZSTD_LEVEL);
            ourCodec = new ZstdCodec(TuplePath.ZSTD_LEVEL, 0);
            ourCodecOut = new byte[0];
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            zstd.close();
        }

        int nextIndex() {
            int i = next;
            if (++next == rig.size()) {
                next = 0;
            }
            return i;
        }
    }

    /** Storm's serializer with the path's tuple serializer: the bytes a worker hands to Netty. */
    @Benchmark
    public byte[] serialize(Sender sender) {
        return sender.rig.serialize(sender.nextTuple());
    }

    /** The floor: compress already-serialized values with a reused native context. */
    @Benchmark
    public byte[] bareZstdCompress(Floor floor) {
        return floor.zstd.compress(floor.serializedValues[floor.nextIndex()]);
    }

    /**
     * The codec call ours makes, alone: {@link ZstdCodec} (same level, magicless frame) into a reused buffer, with
     * its bound computed per call as ours does. {@code serialize OURS_ZSTD} minus this minus {@code serialize NONE}
     * is what framing adds.
     */
    @Benchmark
    public int ourZstdCodecAlone(Floor floor) {
        byte[] values = floor.serializedValues[floor.nextIndex()];
        int bound = floor.ourCodec.maxCompressedLength(values.length);
        if (floor.ourCodecOut.length < bound) {
            floor.ourCodecOut = new byte[bound];
        }
        return floor.ourCodec.compress(values, 0, values.length, floor.ourCodecOut, 0, bound);
    }

    /** Storm's default serialization followed by the bare compress: serialize + compress with nothing in between. */
    @Benchmark
    public byte[] stormSerializeThenBareZstd(Floor floor) {
        return floor.zstd.compress(floor.rig.serialize(floor.rig.tuple(floor.nextIndex())));
    }
}
