package dev.fluxext.compression.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The compression settings in effect for one serializer, resolved from a Storm config map: our
 * {@code fluxext.compression.*} keys first, then their fallback keys (Storm 3's), then
 * the defaults. Every value is checked against its {@link ConfigOption}.
 */
public record CompressionSettings(String codec, int threshold, int maxDecompressedBytes, int zstdLevel,
                                  int zstdWindowLog, int lz4Level, int gzipLevel) {

    /** Resolves the settings from {@code conf}; throws {@link IllegalArgumentException} listing every bad value. */
    public static CompressionSettings fromConf(Map<String, Object> conf) {
        Map<ConfigOption, Object> values = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (ConfigOption option : CompressionOptions.ALL) {
            Optional<ConfigOption.Found> found = option.lookup(conf);
            if (found.isEmpty()) {
                values.put(option, option.defaultValue());
                continue;
            }
            option.problemWith(found.get().key(), found.get().raw()).ifPresentOrElse(
                    problems::add,
                    () -> values.put(option, option.convert(option.translate(found.get().key(), found.get().raw()))));
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
}
