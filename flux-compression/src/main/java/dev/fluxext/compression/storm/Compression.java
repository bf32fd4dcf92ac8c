package dev.fluxext.compression.storm;

import dev.fluxext.compression.config.CompressionOptions;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.topology.ComponentConfigurationDeclarer;

/**
 * Fluent compression settings for plain Java topologies:
 * <pre>{@code
 * Config conf = new Config();
 * Compression.settings().codec("zstd").zstdLevel(3).enableOn(conf);          // topology default
 * builder.setSpout("lines", new LineSpout());
 * Compression.settings().codec("lz4").applyTo("lines", builder.setBolt(...)); // per component
 * }</pre>
 * Values are validated when applied, with the same rules as the YAML {@code compression:} block.
 */
public final class Compression {

    private final Map<String, Object> settings = new LinkedHashMap<>();

    private Compression() {
    }

    public static Compression settings() {
        return new Compression();
    }

    /** {@code none}, {@code zstd}, {@code lz4}, {@code snappy} or {@code gzip}. */
    public Compression codec(String codec) {
        return set(CompressionOptions.CODEC.key(), codec);
    }

    public Compression threshold(int bytes) {
        return set(CompressionOptions.THRESHOLD.key(), bytes);
    }

    public Compression maxDecompressedBytes(int bytes) {
        return set(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), bytes);
    }

    public Compression zstdLevel(int level) {
        return set(CompressionOptions.ZSTD_LEVEL.key(), level);
    }

    public Compression zstdWindowLog(int windowLog) {
        return set(CompressionOptions.ZSTD_WINDOW_LOG.key(), windowLog);
    }

    public Compression lz4Level(int level) {
        return set(CompressionOptions.LZ4_LEVEL.key(), level);
    }

    public Compression gzipLevel(int level) {
        return set(CompressionOptions.GZIP_LEVEL.key(), level);
    }

    /** Makes these settings the topology's default and registers the serializer and metrics hook. */
    public void enableOn(Map<String, Object> topologyConf) {
        CompressionSetup.enable(topologyConf, settings);
    }

    /** Applies these settings to one spout or bolt (the topology must also be {@link #enableOn enabled}). */
    public <T extends ComponentConfigurationDeclarer<?>> T applyTo(String componentId, T declarer) {
        declarer.addConfigurations(CompressionSetup.componentConf(componentId, settings));
        return declarer;
    }

    private Compression set(String key, Object value) {
        settings.put(key, value);
        return this;
    }
}
