package dev.fluxext.benchmarks.compression;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.config.CompressionOptions;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorOutputStream;
import org.apache.storm.serialization.types.ListDelegateSerializer;
import org.apache.storm.utils.ListDelegate;

/**
 * The baseline: tuple compression the way Storm master's upstream does it. Per compressed tuple it creates a
 * {@link ByteArrayOutputStream} and a commons-compress zstd stream (a fresh native zstd context and its buffers)
 * on each side, and the reader decides whether a payload is compressed by sniffing the zstd magic number.
 * It reads the Storm 3 keys, so the benchmark gives it the same level and threshold as ours.
 */
public final class StreamPerTupleZstdSerializer extends Serializer<ListDelegate> {

    /** zstd frame magic 0xFD2FB528, little-endian as it appears on the wire. */
    private static final byte[] ZSTD_MAGIC = {(byte) 0x28, (byte) 0xB5, (byte) 0x2F, (byte) 0xFD};

    private final ListDelegateSerializer values = new ListDelegateSerializer();
    private final Output rawOut = new Output(4096, -1);
    private final int level;
    private final int threshold;

    /** The constructor Storm's {@code SerializationFactory} prefers for {@code topology.tuple.serializer}. */
    public StreamPerTupleZstdSerializer(Kryo kryo, Class<?> type, Map<String, Object> conf) {
        this.level = intSetting(conf, CompressionOptions.STORM3_ZSTD_LEVEL, 3);
        this.threshold = intSetting(conf, CompressionOptions.STORM3_THRESHOLD, 1024);
    }

    @Override
    public void write(Kryo kryo, Output output, ListDelegate list) {
        rawOut.reset();
        kryo.writeObject(rawOut, list, values);
        byte[] payload = rawOut.toBytes();
        if (payload.length > threshold) {
            payload = compress(payload);
        }
        output.writeInt(payload.length, true);
        output.writeBytes(payload);
    }

    @Override
    public ListDelegate read(Kryo kryo, Input input, Class<? extends ListDelegate> type) {
        byte[] payload = input.readBytes(input.readInt(true));
        if (startsWithMagic(payload)) {
            payload = decompress(payload);
        }
        return kryo.readObject(new Input(payload), ListDelegate.class, values);
    }

    private byte[] compress(byte[] raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZstdCompressorOutputStream zstd = ZstdCompressorOutputStream.builder().setOutputStream(bytes).setLevel(level)
                .get()) {
            zstd.write(raw, 0, raw.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static byte[] decompress(byte[] compressed) {
        try (ZstdCompressorInputStream zstd = new ZstdCompressorInputStream(new ByteArrayInputStream(compressed))) {
            return zstd.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean startsWithMagic(byte[] payload) {
        if (payload.length < ZSTD_MAGIC.length) {
            return false;
        }
        for (int i = 0; i < ZSTD_MAGIC.length; i++) {
            if (payload[i] != ZSTD_MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private static int intSetting(Map<String, Object> conf, String key, int fallback) {
        Object v = conf.get(key);
        return v == null ? fallback : ((Number) v).intValue();
    }
}
