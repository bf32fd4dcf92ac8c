package dev.fluxext.compression.config;

import java.util.List;

/**
 * Every setting of the batch-compressing transport ({@code dev.fluxext.compression.batch.BatchCompressionContext}),
 * defined once, in the YAML {@code transport: {compression: {...}}} block and under the Storm keys
 * {@code fluxext.transport.compression.*}. Worker-level settings: each worker reads them from the topology config.
 */
public final class BatchCompressionOptions {

    public static final String PREFIX = "fluxext.transport.compression.";

    public static final ConfigOption CODEC = ConfigOption.stringOption(PREFIX + "codec", "codec", "zstd",
            List.of("zstd", "lz4", "snappy", "gzip", "none"),
            "Codec for each bundle of messages a worker sends to another worker. `zstd` compresses best, `lz4` and "
                    + "`snappy` are fastest, `gzip` needs no native library, `none` only bundles them.",
            "zstd");

    public static final ConfigOption MAX_BATCH_BYTES = ConfigOption.intOption(PREFIX + "max.batch.bytes",
            "maxBatchBytes", 256 * 1024, 1024, 64 * 1024 * 1024,
            "Largest bundle compressed as one frame; a larger bundle is split. A message this big or bigger is "
                    + "sent on its own, uncompressed. Must not exceed maxDecompressedBytes.",
            "262144");

    public static final ConfigOption MAX_DECOMPRESSED_BYTES = ConfigOption.intOption(PREFIX + "max.decompressed.bytes",
            "maxDecompressedBytes", 16 * 1024 * 1024, 1024, Integer.MAX_VALUE - 8,
            "Largest decompressed bundle a receiving worker accepts; a frame declaring more is rejected (and "
                    + "counted) before any memory is allocated.",
            "16777216");

    public static final ConfigOption ZSTD_LEVEL = ConfigOption.intOption(PREFIX + "zstd.level", "zstd.level", 3,
            -131072, 22, CompressionOptions.ZSTD_LEVEL.description(), "3");

    public static final ConfigOption ZSTD_WINDOW_LOG = ConfigOption.intOption(PREFIX + "zstd.window.log",
            "zstd.windowLog", 0, 0, 27, CompressionOptions.ZSTD_WINDOW_LOG.description(), "20")
            .excluding(1, 9, "let the level choose"); // as the per-tuple option: zstd's smallest window is 2^10

    public static final ConfigOption LZ4_LEVEL = ConfigOption.intOption(PREFIX + "lz4.level", "lz4.level", 0, 0, 17,
            CompressionOptions.LZ4_LEVEL.description(), "0");

    public static final ConfigOption GZIP_LEVEL = ConfigOption.intOption(PREFIX + "gzip.level", "gzip.level", 6, 1, 9,
            CompressionOptions.GZIP_LEVEL.description(), "6");

    public static final ConfigOption LOG_INTERVAL_SECS = ConfigOption.intOption(PREFIX + "log.interval.secs",
            "logIntervalSecs", 60, 0, 86400,
            "Every this many seconds each worker logs one line of compression figures (batch and per-tuple) at "
                    + "INFO; 0 turns the line off.",
            "60");

    public static final List<ConfigOption> ALL = List.of(CODEC, MAX_BATCH_BYTES, MAX_DECOMPRESSED_BYTES,
            ZSTD_LEVEL, ZSTD_WINDOW_LOG, LZ4_LEVEL, GZIP_LEVEL, LOG_INTERVAL_SECS);

    /** The transport the batch transport wraps ({@code org.apache.storm.messaging.netty.Context} by default). */
    public static final String DELEGATE_KEY = PREFIX + "delegate";

    private BatchCompressionOptions() {
    }
}
