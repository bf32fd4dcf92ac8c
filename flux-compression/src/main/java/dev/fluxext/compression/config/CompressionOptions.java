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

    /** Storm 3 (unreleased master) keys: fallback keys of our options, accepted in a {@code config:} map. */
    public static final String STORM3_ENABLE = "topology.tuple.compression.enable";
    public static final String STORM3_THRESHOLD = "topology.tuple.compression.threshold";
    public static final String STORM3_MAX_DECOMPRESSED = "topology.tuple.compression.max.decompressed.bytes";
    public static final String STORM3_ZSTD_LEVEL = "storm.compression.zstd.level";

    public static final ConfigOption CODEC = ConfigOption.stringOption(PREFIX + "codec", "codec", "none",
            List.of("none", "zstd", "lz4", "snappy", "gzip"),
            "Codec for this component's tuples sent to other workers. `none` sends them raw; `zstd` compresses best, "
                    + "`lz4` and `snappy` are fastest, `gzip` needs no native library.",
            "zstd").withFallbackKeys(
                    new ConfigOption.FallbackKey(STORM3_ENABLE, Map.of(true, "zstd", false, "none")));

    public static final ConfigOption THRESHOLD = ConfigOption.intOption(PREFIX + "threshold", "threshold", 1024,
            1, Integer.MAX_VALUE,
            "Serialized tuple values at or below this many bytes are sent raw: compressing tiny tuples costs more "
                    + "than it saves. Tuples that do not shrink are also sent raw.",
            "1024").in("bytes").withFallbackKeys(new ConfigOption.FallbackKey(STORM3_THRESHOLD, Map.of()));

    public static final ConfigOption MAX_DECOMPRESSED_BYTES = ConfigOption.intOption(PREFIX + "max.decompressed.bytes",
            "maxDecompressedBytes", 16 * 1024 * 1024, 1, Integer.MAX_VALUE - 8,
            "Largest decompressed size a receiving worker accepts; a frame declaring more is rejected before any "
                    + "memory is allocated. Receivers deserialize with topology-level config, so the largest value "
                    + "declared in the topology is enforced.",
            "16777216").in("bytes").withFallbackKeys(new ConfigOption.FallbackKey(STORM3_MAX_DECOMPRESSED, Map.of()));

    /** zstd-jni's own bounds: {@code Zstd.minCompressionLevel()} and {@code Zstd.maxCompressionLevel()}. */
    public static final ConfigOption ZSTD_LEVEL = ConfigOption.intOption(PREFIX + "zstd.level", "zstd.level", 3,
            -131072, 22,
            "zstd compression level: negative levels are faster, 1-22 compress better and slower.",
            "3").withFallbackKeys(new ConfigOption.FallbackKey(STORM3_ZSTD_LEVEL, Map.of()));

    public static final ConfigOption ZSTD_WINDOW_LOG = ConfigOption.intOption(PREFIX + "zstd.window.log",
            "zstd.windowLog", 0, 0, 27,
            "zstd window size as a power of two (10-27); 0 lets the level choose. A smaller window bounds the "
                    + "memory compression uses for large tuples.",
            "20").excluding(1, 9, "let the level choose"); // zstd's smallest window is 2^10

    public static final ConfigOption LZ4_LEVEL = ConfigOption.intOption(PREFIX + "lz4.level", "lz4.level", 0, 0, 17,
            "0 uses LZ4's fast compressor; 1-17 use LZ4 HC at that level (slower, smaller).",
            "0");

    public static final ConfigOption GZIP_LEVEL = ConfigOption.intOption(PREFIX + "gzip.level", "gzip.level", 6, 1, 9,
            "DEFLATE level: 1 is fastest, 9 compresses best.",
            "6");

    public static final List<ConfigOption> ALL = List.of(CODEC, THRESHOLD, MAX_DECOMPRESSED_BYTES,
            ZSTD_LEVEL, ZSTD_WINDOW_LOG, LZ4_LEVEL, GZIP_LEVEL);

    private CompressionOptions() {
    }

    public static Optional<ConfigOption> byKey(String key) {
        return ALL.stream().filter(o -> o.key().equals(key)).findFirst();
    }

    /** The option a config key sets: by its own key or a fallback key. */
    public static Optional<ConfigOption> setBy(String configKey) {
        return ALL.stream().filter(o -> o.isSetBy(configKey)).findFirst();
    }

    /** Every fallback key → its option, sorted by key (for docs and the schema). */
    public static java.util.SortedMap<String, ConfigOption> fallbackKeys() {
        java.util.SortedMap<String, ConfigOption> out = new java.util.TreeMap<>();
        ALL.forEach(o -> o.fallbackKeys().forEach(f -> out.put(f.key(), o)));
        return out;
    }
}
