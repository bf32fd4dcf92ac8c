package dev.fluxext.compression.batch;

import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.compression.config.SettingConflict;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The batch transport's settings, resolved and checked from a worker's topology config.
 *
 * @param codec           the codec, null for {@code none} (bundles are still framed, raw)
 * @param onlyWhenBacklogged run the codec only while a connection's link binds ({@link LinkState})
 * @param maxBatchBytes   largest bundle body compressed as one frame
 * @param minBatchBytes   smallest bundle body the codec is run on
 * @param minSavingPercent a connection saving less than this stops compressing for a while ({@link CompressionGate})
 * @param codecSettings   the levels, in the form the codecs take them (the per-tuple settings record)
 * @param logIntervalSecs period of the worker's figures log line, 0 for none
 * @param idsInValues     the topology's tuple values carry their {@code Long}s behind a mask (fluxext's serializer
 *                        on this transport), so the ackers' ids go apart from the codec too ({@link BundleIds})
 * @param frames          which messages may share a frame, {@code auto} resolved against the worker's TLS switch
 */
public record BatchSettings(CodecId codec, boolean onlyWhenBacklogged, int maxBatchBytes, int minBatchBytes,
                            int minSavingPercent, CompressionSettings codecSettings, int logIntervalSecs,
                            boolean idsInValues, FrameSharing frames) {

    public int maxDecompressedBytes() {
        return codecSettings.maxDecompressedBytes();
    }

    /**
     * Resolves the settings from {@code conf}; throws {@link IllegalArgumentException} listing every bad value, or
     * every rule across settings they break ({@link #conflicts}).
     */
    public static BatchSettings fromConf(Map<String, Object> conf) {
        Map<ConfigOption, Object> values = values(conf);
        List<SettingConflict> conflicts = broken(values);
        if (!conflicts.isEmpty()) {
            throw new IllegalArgumentException("Invalid transport compression settings: " + String.join("; ",
                    conflicts.stream().map(c -> c.message(ConfigOption::key)).toList()));
        }
        int maxBatch = (Integer) values.get(BatchCompressionOptions.MAX_BATCH_BYTES);
        int cap = (Integer) values.get(BatchCompressionOptions.MAX_DECOMPRESSED_BYTES);
        // The per-tuple record checks the codec-specific rules (e.g. zstd's windowLog hole) once for both.
        CompressionSettings codecSettings = CompressionSettings.fromConf(Map.of(
                CompressionOptions.CODEC.key(), values.get(BatchCompressionOptions.CODEC),
                CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), cap,
                CompressionOptions.ZSTD_LEVEL.key(), values.get(BatchCompressionOptions.ZSTD_LEVEL),
                CompressionOptions.ZSTD_WINDOW_LOG.key(), values.get(BatchCompressionOptions.ZSTD_WINDOW_LOG),
                CompressionOptions.LZ4_LEVEL.key(), values.get(BatchCompressionOptions.LZ4_LEVEL),
                CompressionOptions.GZIP_LEVEL.key(), values.get(BatchCompressionOptions.GZIP_LEVEL)));
        return new BatchSettings(CodecId.byConfigName(codecSettings.codec()),
                "backlogged".equals(values.get(BatchCompressionOptions.WHEN)), maxBatch,
                (Integer) values.get(BatchCompressionOptions.MIN_BATCH_BYTES),
                (Integer) values.get(BatchCompressionOptions.MIN_SAVING_PERCENT), codecSettings,
                (Integer) values.get(BatchCompressionOptions.LOG_INTERVAL_SECS),
                CompressingListDelegateSerializer.valuesCarryLongMask(conf),
                FrameSharing.resolve((String) values.get(BatchCompressionOptions.FRAMES), conf));
    }

    /**
     * The rules across settings that {@code conf}'s values break (defaults filling what it does not set), each naming
     * the options it concerns; empty if none. Throws {@link IllegalArgumentException} if a value is bad on its own.
     */
    public static List<SettingConflict> conflicts(Map<String, Object> conf) {
        return broken(values(conf));
    }

    private static List<SettingConflict> broken(Map<ConfigOption, Object> values) {
        int maxBatch = (Integer) values.get(BatchCompressionOptions.MAX_BATCH_BYTES);
        int cap = (Integer) values.get(BatchCompressionOptions.MAX_DECOMPRESSED_BYTES);
        int minBatch = (Integer) values.get(BatchCompressionOptions.MIN_BATCH_BYTES);
        List<SettingConflict> conflicts = new ArrayList<>();
        if (maxBatch > cap) {
            conflicts.add(new SettingConflict(BatchCompressionOptions.MAX_BATCH_BYTES, maxBatch, "exceeds",
                    BatchCompressionOptions.MAX_DECOMPRESSED_BYTES, cap, "receivers would reject full bundles"));
        }
        if (minBatch > maxBatch) {
            conflicts.add(new SettingConflict(BatchCompressionOptions.MIN_BATCH_BYTES, minBatch, "exceeds",
                    BatchCompressionOptions.MAX_BATCH_BYTES, maxBatch, "no bundle would be compressed"));
        }
        return conflicts;
    }

    /** Every option's value from {@code conf}, or its default; throws listing every bad value. */
    private static Map<ConfigOption, Object> values(Map<String, Object> conf) {
        Map<ConfigOption, Object> values = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (ConfigOption option : BatchCompressionOptions.ALL) {
            Object raw = conf.get(option.key());
            if (raw == null) {
                values.put(option, option.defaultValue());
                continue;
            }
            option.problemWith(raw).ifPresentOrElse(p -> problems.add(option.key() + ": " + p),
                    () -> values.put(option, option.convert(raw)));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("Invalid transport compression settings: " + String.join("; ", problems));
        }
        return values;
    }
}
