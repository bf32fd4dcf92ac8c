package dev.fluxext.compression.config;

import java.util.List;
import java.util.Optional;

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
            "262144").in("bytes");

    public static final ConfigOption MAX_DECOMPRESSED_BYTES = ConfigOption.intOption(PREFIX + "max.decompressed.bytes",
            "maxDecompressedBytes", 16 * 1024 * 1024, 1024, Integer.MAX_VALUE - 8,
            "Largest decompressed bundle a receiving worker accepts; a frame declaring more is rejected (and "
                    + "counted) before any memory is allocated.",
            "16777216").in("bytes");

    /**
     * 128: measured with zstd level 1 on bundles of real Storm tuples (benchmarks' SkipThresholds, docs/compression.md):
     * bundles of 1-3 acks (27-79 B) do not shrink at all and 4 (105 B) by 6.5 %, under the 10 % a connection must save
     * ({@link #MIN_SAVING_PERCENT}); 6 acks (157 B) save 11 %, a single 200 B JSON event (224 B) 12 %.
     */
    public static final ConfigOption MIN_BATCH_BYTES = ConfigOption.intOption(PREFIX + "min.batch.bytes",
            "minBatchBytes", 128, 0, 64 * 1024,
            "Smallest bundle (its body: the messages with their task ids and lengths) worth running the codec on; a "
                    + "smaller bundle is sent raw without calling it. 0 runs the codec on every bundle. Must not "
                    + "exceed maxBatchBytes.",
            "128").in("bytes");

    /**
     * 10 %: an acker's connection (bundles of random ids, 0.76-0.82 of raw at 12-50 acks) still compresses; tuples
     * compressed one by one already (1.00) and random payloads do not, and those are what the rule is for.
     */
    public static final ConfigOption MIN_SAVING_PERCENT = ConfigOption.intOption(PREFIX + "min.saving.percent",
            "minSavingPercent", 10, 0, 99,
            "A connection whose last 16 compressed bundles saved less than this percentage of "
                    + "their bytes sends the next 64 bundles raw without calling the codec, then "
                    + "tries one again (and resumes compressing if it saves enough). 0 never skips; on a link that "
                    + "binds, a lower value trades CPU for bytes.",
            "10").in("percent");

    /**
     * Backlogged: on 2 cores at steady state (docs/compression.md#measured) compressing every bundle cost 0.88-0.92x
     * raw's tuples per second where the link kept up (loopback), and gave 2.25-2.52x where it bound (50 Mbit/s).
     */
    public static final ConfigOption WHEN = ConfigOption.stringOption(PREFIX + "when", "when", "backlogged",
            List.of("backlogged", "always"),
            "When a connection runs the codec. `backlogged`: only while its link binds, i.e. while the bytes it "
                    + "sent and its peer has not acknowledged yet stayed at 16 KB or more in 5 samples in a row (read "
                    + "from Linux's /proc/net/tcp at most 5 times a second, less often where reading it is slow: "
                    + "typically 1-2 s in all; elsewhere it compresses always); once compressing it keeps on for at "
                    + "least 10 s; while the link keeps up, messages go on as Storm sent them, unbundled. `always`: "
                    + "every bundle, whatever the link.",
            "always");

    /**
     * Per-source under TLS: compressing an attacker's tuples together with others' is the CRIME condition (RFC 9114
     * section 10.6); a task's own tuples still share frames, so bundles under load keep most of their repeats.
     */
    public static final ConfigOption FRAMES = ConfigOption.stringOption(PREFIX + "frames", "frames", "auto",
            List.of("auto", "shared", "per-source", "per-message"),
            "Which messages one compressed frame may hold. `shared`: any a worker bundles for another worker. "
                    + "`per-source`: only those of one source task (a spout's or bolt's instance), so that no task's "
                    + "tuples are compressed with another's: under TLS, a frame mixing tuples an attacker can feed in "
                    + "with others' would let an observer of the encrypted lengths guess the others' content (CRIME). "
                    + "`per-message`: each message compressed alone. `auto`: `per-source` when TLS between workers "
                    + "is on (a `transport.tls` block, or `storm.messaging.netty.tls.enable`), `shared` otherwise.",
            "per-source");

    /** The codecs' settings are the tuple options' own (ranges, zstd's windowLog gap), under this block's keys. */
    /**
     * Level 1, not per-tuple's 3: at steady state (docs/compression.md#measured, events topology, 2 cores) level 1
     * acked 0.98x raw's tuples per second at 1.04x the CPU per tuple, level 3 0.71x at 1.42x, for 4 % fewer bytes.
     */
    public static final ConfigOption ZSTD_LEVEL = CompressionOptions.ZSTD_LEVEL.withKey(PREFIX + "zstd.level")
            .withDefault(1);

    public static final ConfigOption ZSTD_WINDOW_LOG = CompressionOptions.ZSTD_WINDOW_LOG.withKey(
            PREFIX + "zstd.window.log");

    public static final ConfigOption LZ4_LEVEL = CompressionOptions.LZ4_LEVEL.withKey(PREFIX + "lz4.level");

    public static final ConfigOption GZIP_LEVEL = CompressionOptions.GZIP_LEVEL.withKey(PREFIX + "gzip.level");

    public static final ConfigOption LOG_INTERVAL_SECS = ConfigOption.intOption(PREFIX + "log.interval.secs",
            "logIntervalSecs", 60, 0, 86400,
            "Every this many seconds each worker logs one line of compression figures (batch and per-tuple) at "
                    + "INFO; 0 turns the line off.",
            "60").in("seconds");

    public static final List<ConfigOption> ALL = List.of(CODEC, WHEN, FRAMES, MAX_BATCH_BYTES, MAX_DECOMPRESSED_BYTES,
            MIN_BATCH_BYTES, MIN_SAVING_PERCENT, ZSTD_LEVEL, ZSTD_WINDOW_LOG, LZ4_LEVEL, GZIP_LEVEL, LOG_INTERVAL_SECS);

    /** The transport the batch transport wraps ({@code org.apache.storm.messaging.netty.Context} by default). */
    public static final String DELEGATE_KEY = PREFIX + "delegate";

    private BatchCompressionOptions() {
    }

    public static Optional<ConfigOption> byYamlPath(String yamlPath) {
        return ALL.stream().filter(o -> o.yamlPath().equals(yamlPath)).findFirst();
    }
}
