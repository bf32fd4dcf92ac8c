package dev.fluxext.compression.serializer;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.StormKryo;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.Supplier;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** After warm-up, compressing allocates nothing and decompressing allocates only the values Kryo reads. */
public class AllocationTest {

    static final int OPS = 20_000;
    static final List<Object> TUPLE = List.of(("Storm tuples of a few kilobytes of English text are what we "
            + "compress: sentences, JSON events and documents. ").repeat(15), 42L);

    /** Bytes the current thread allocates per run of {@code op}, after as many runs to warm up. */
    public static long allocatedPerOp(Runnable op) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < OPS; i++) {
            op.run(); // warm-up: buffers grow, contexts are created, the JIT compiles
        }
        long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < OPS; i++) {
            op.run();
        }
        return (bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / OPS;
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "snappy", "gzip", "none"})
    void compressingAllocatesNothingBeyondWhatKryoDoes(String codec) {
        long ours = writeAllocation(StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), codec))));
        // Kryo itself allocates a little per tuple (an iterator over the values): Storm's default does the same.
        long storms = writeAllocation(StormKryo.serializer(StormKryo.stormDefaultConf()));
        assertTrue(ours <= storms, codec + " allocated " + ours + " bytes per tuple, Storm's default " + storms);
        assertTrue(storms < 100, "Kryo's own allocation per tuple: " + storms);
    }

    private static long writeAllocation(KryoValuesSerializer ser) {
        Output out = new Output(64 * 1024);
        return allocatedPerOp(() -> {
            out.reset();
            ser.serializeInto(TUPLE, out);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"zstd", "lz4", "snappy", "gzip"})
    void decompressingAllocatesNoMoreThanStormsOwnRead(String codec) {
        KryoValuesSerializer ser = StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), codec)));
        KryoValuesDeserializer des = StormKryo.deserializer(StormKryo.conf(settings()));
        long ours = readAllocation(ser.serialize(TUPLE), () -> des);

        KryoValuesSerializer stormSer = StormKryo.serializer(StormKryo.stormDefaultConf());
        KryoValuesDeserializer stormDes = StormKryo.deserializer(StormKryo.stormDefaultConf());
        long storms = readAllocation(stormSer.serialize(TUPLE), () -> stormDes);
        assertTrue(ours <= storms + 16, codec + ": " + ours + " bytes per tuple, Storm's default " + storms);
    }

    private static long readAllocation(byte[] wire, Supplier<KryoValuesDeserializer> des) {
        Input in = new Input();
        KryoValuesDeserializer d = des.get();
        return allocatedPerOp(() -> {
            in.setBuffer(wire);
            d.deserializeFrom(in);
        });
    }
}
