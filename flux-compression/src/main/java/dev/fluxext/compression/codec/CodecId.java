package dev.fluxext.compression.codec;

import dev.fluxext.compression.config.CompressionSettings;
import java.util.function.Function;

/** The codecs and their ids on the wire (the low four bits of a frame's header byte; 0 means raw). */
public enum CodecId {
    ZSTD(1, "zstd", s -> new ZstdCodec(s.zstdLevel(), s.zstdWindowLog())),
    LZ4(2, "lz4", s -> new Lz4Codec(s.lz4Level())),
    SNAPPY(3, "snappy", s -> new SnappyCodec()),
    DEFLATE(4, "gzip", s -> new DeflateCodec(s.gzipLevel()));

    private static final CodecId[] BY_ID = new CodecId[16];

    static {
        for (CodecId c : values()) {
            BY_ID[c.id] = c;
        }
    }

    private final int id;
    private final String configName;
    private final Function<CompressionSettings, Codec> factory;

    CodecId(int id, String configName, Function<CompressionSettings, Codec> factory) {
        this.id = id;
        this.configName = configName;
        this.factory = factory;
    }

    public int id() {
        return id;
    }

    /** The value of {@code fluxext.compression.codec} that selects this codec. */
    public String configName() {
        return configName;
    }

    /** A new codec instance configured from {@code settings} (levels only matter when compressing). */
    public Codec create(CompressionSettings settings) {
        return factory.apply(settings);
    }

    /** The codec with wire id {@code id}, or null if there is none (0 = raw is not a codec). */
    public static CodecId byId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : null;
    }

    /** The codec selected by a {@code codec} setting, or null for {@code none}. */
    public static CodecId byConfigName(String name) {
        for (CodecId c : values()) {
            if (c.configName.equals(name)) {
                return c;
            }
        }
        if ("none".equals(name)) {
            return null;
        }
        throw new IllegalArgumentException("Unknown codec '" + name + "'");
    }
}
