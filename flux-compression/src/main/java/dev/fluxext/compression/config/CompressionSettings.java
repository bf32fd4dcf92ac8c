package dev.fluxext.compression.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compression settings in effect for one serializer, resolved from a Storm config map: our
 * {@code fluxext.compression.*} keys first, then the Storm 3 keys of {@link CompressionOptions#STORM3_KEYS}, then
 * the defaults. Every value is checked against its {@link ConfigOption}.
 */
public record CompressionSettings(String codec, int threshold, int maxDecompressedBytes, int zstdLevel,
                                  int zstdWindowLog, int lz4Level, int gzipLevel) {

    /** Resolves the settings from {@code conf}; throws {@link IllegalArgumentException} listing every bad value. */
    public static CompressionSettings fromConf(Map<String, Object> conf) {
        Map<ConfigOption, Object> values = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (ConfigOption option : CompressionOptions.ALL) {
            Object raw = conf.containsKey(option.key()) ? conf.get(option.key()) : storm3Value(conf, option);
            if (raw == null) {
                values.put(option, option.defaultValue());
                continue;
            }
            option.problemWith(raw).ifPresentOrElse(
                    p -> problems.add(option.key() + ": " + p),
                    () -> values.put(option, option.convert(raw)));
        }
        Object windowLog = values.get(CompressionOptions.ZSTD_WINDOW_LOG);
        if (windowLog instanceof Integer w && w > 0 && w < 10) {
            // zstd's smallest window is 2^10; 0 means "let the level choose", so the range has a hole.
            problems.add(CompressionOptions.ZSTD_WINDOW_LOG.key() + ": '" + CompressionOptions.ZSTD_WINDOW_LOG.yamlPath()
                    + "' must be 0 (let the level choose) or from 10 to 27, not " + w);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("Invalid compression settings: " + String.join("; ", problems));
        }
        return new CompressionSettings((String) values.get(CompressionOptions.CODEC),
                (Integer) values.get(CompressionOptions.THRESHOLD),
                (Integer) values.get(CompressionOptions.MAX_DECOMPRESSED_BYTES),
                (Integer) values.get(CompressionOptions.ZSTD_LEVEL),
                (Integer) values.get(CompressionOptions.ZSTD_WINDOW_LOG),
                (Integer) values.get(CompressionOptions.LZ4_LEVEL),
                (Integer) values.get(CompressionOptions.GZIP_LEVEL));
    }

    public static CompressionSettings defaults() {
        return fromConf(Map.of());
    }

    /** The Storm 3 value for {@code option}, translated; null when no Storm 3 key sets it. */
    private static Object storm3Value(Map<String, Object> conf, ConfigOption option) {
        for (Map.Entry<String, ConfigOption> e : CompressionOptions.STORM3_KEYS.entrySet()) {
            if (e.getValue() != option || !conf.containsKey(e.getKey())) {
                continue;
            }
            Object raw = conf.get(e.getKey());
            if (e.getKey().equals(CompressionOptions.STORM3_ENABLE)) {
                return Boolean.parseBoolean(String.valueOf(raw)) ? "zstd" : "none";
            }
            return raw;
        }
        return null;
    }
}
