package dev.fluxext.compression.config;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every compression setting, defined once. The keys are custom (not constants of {@code org.apache.storm.Config}),
 * so Storm 2.8's worker keeps them in a component's configuration: that is what makes per-component settings work.
 */
public final class CompressionOptions {

    public static final String PREFIX = "fluxext.compression.";

    public static final ConfigOption CODEC = ConfigOption.stringOption(PREFIX + "codec", "codec", "none",
            List.of("none", "zstd", "lz4", "snappy", "gzip"),
            "Codec for this component's tuples sent to other workers. `none` sends them raw; `zstd` compresses best, "
                    + "`lz4` and `snappy` are fastest, `gzip` needs no native library.",
            "zstd");

    public static final ConfigOption THRESHOLD = ConfigOption.intOption(PREFIX + "threshold", "threshold", 1024,
            1, Integer.MAX_VALUE,
            "Serialized tuple values at or below this many bytes are sent raw: compressing tiny tuples costs more "
                    + "than it saves. Tuples that do not shrink are also sent raw.",
            "1024");

    public static final ConfigOption MAX_DECOMPRESSED_BYTES = ConfigOption.intOption(PREFIX + "max.decompressed.bytes",
            "maxDecompressedBytes", 16 * 1024 * 1024, 1, Integer.MAX_VALUE - 8,
            "Largest decompressed size a receiving worker accepts; a frame declaring more is rejected before any "
                    + "memory is allocated. Receivers deserialize with topology-level config, so the largest value "
                    + "declared in the topology is enforced.",
            "16777216");

    /** zstd-jni's own bounds: {@code Zstd.minCompressionLevel()} and {@code Zstd.maxCompressionLevel()}. */
    public static final ConfigOption ZSTD_LEVEL = ConfigOption.intOption(PREFIX + "zstd.level", "zstd.level", 3,
            -131072, 22,
            "zstd compression level: negative levels are faster, 1-22 compress better and slower.",
            "3");

    public static final ConfigOption ZSTD_WINDOW_LOG = ConfigOption.intOption(PREFIX + "zstd.window.log",
            "zstd.windowLog", 0, 0, 27,
            "zstd window size as a power of two (10-27); 0 lets the level choose. A smaller window bounds the "
                    + "memory compression uses for large tuples.",
            "20");

    public static final ConfigOption LZ4_LEVEL = ConfigOption.intOption(PREFIX + "lz4.level", "lz4.level", 0, 0, 17,
            "0 uses LZ4's fast compressor; 1-17 use LZ4 HC at that level (slower, smaller).",
            "0");

    public static final ConfigOption GZIP_LEVEL = ConfigOption.intOption(PREFIX + "gzip.level", "gzip.level", 6, 1, 9,
            "DEFLATE level: 1 is fastest, 9 compresses best.",
            "6");

    public static final List<ConfigOption> ALL = List.of(CODEC, THRESHOLD, MAX_DECOMPRESSED_BYTES,
            ZSTD_LEVEL, ZSTD_WINDOW_LOG, LZ4_LEVEL, GZIP_LEVEL);

    /** Storm 3 (unreleased master) keys, accepted in a {@code config:} map and translated to ours. */
    public static final String STORM3_ENABLE = "topology.tuple.compression.enable";
    public static final String STORM3_THRESHOLD = "topology.tuple.compression.threshold";
    public static final String STORM3_MAX_DECOMPRESSED = "topology.tuple.compression.max.decompressed.bytes";
    public static final String STORM3_ZSTD_LEVEL = "storm.compression.zstd.level";

    /** Storm 3 key → our option; {@link #STORM3_ENABLE} is special: true means zstd, false means none. */
    public static final Map<String, ConfigOption> STORM3_KEYS = Map.of(
            STORM3_ENABLE, CODEC,
            STORM3_THRESHOLD, THRESHOLD,
            STORM3_MAX_DECOMPRESSED, MAX_DECOMPRESSED_BYTES,
            STORM3_ZSTD_LEVEL, ZSTD_LEVEL);

    private CompressionOptions() {
    }

    public static Optional<ConfigOption> byYamlPath(String yamlPath) {
        return ALL.stream().filter(o -> o.yamlPath().equals(yamlPath)).findFirst();
    }

    public static Optional<ConfigOption> byKey(String key) {
        return ALL.stream().filter(o -> o.key().equals(key)).findFirst();
    }
}
