package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.Config;

/** The ways a tuple can travel between workers that the benchmarks compare. */
public enum TuplePath {
    /** Storm's default {@code ListDelegateSerializer}: no compression. */
    NONE(null),
    /** The upstream-style baseline: a new zstd stream per tuple, magic-byte sniffing. */
    ZSTD_STREAM_PER_TUPLE(null),
    /** Ours, registered exactly as a topology registers it: {@link CompressionSetup#enable}. */
    OURS_ZSTD("zstd"),
    OURS_LZ4("lz4"),
    OURS_SNAPPY("snappy"),
    OURS_GZIP("gzip");

    /** zstd level for both ours and the baseline: zstd's and our default, so "same level" holds by construction. */
    public static final int ZSTD_LEVEL = 3;
    /**
     * Compress anything above 64 bytes, for ours and the baseline alike. Our default threshold (1024) would send
     * the ~200 B JSON events raw, and then there would be no compression to measure.
     */
    public static final int THRESHOLD = 64;

    private final String codec;

    TuplePath(String codec) {
        this.codec = codec;
    }

    /** The topology config entries selecting this path (added on top of Storm's defaults). */
    public Map<String, Object> topologyConf() {
        Map<String, Object> conf = new HashMap<>();
        switch (this) {
            case NONE -> {
            }
            case ZSTD_STREAM_PER_TUPLE -> {
                conf.put(Config.TOPOLOGY_TUPLE_SERIALIZER, StreamPerTupleZstdSerializer.class.getName());
                conf.put(CompressionOptions.STORM3_ZSTD_LEVEL, ZSTD_LEVEL);
                conf.put(CompressionOptions.STORM3_THRESHOLD, THRESHOLD);
            }
            default -> {
                Map<String, Object> defaults = new HashMap<>();
                defaults.put(CompressionOptions.CODEC.key(), codec);
                defaults.put(CompressionOptions.THRESHOLD.key(), THRESHOLD);
                defaults.put(CompressionOptions.ZSTD_LEVEL.key(), ZSTD_LEVEL);
                CompressionSetup.enable(conf, defaults);
            }
        }
        return conf;
    }
}
