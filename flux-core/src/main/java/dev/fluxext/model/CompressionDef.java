package dev.fluxext.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Validated compression settings: {@code CompressionOptions} key (e.g. {@code fluxext.compression.codec}) →
 * converted value (Integer or String), and where each was written (its value, or its key in a {@code config:} map). Only keys the YAML set are present; defaults
 * are {@code CompressionOptions}' to apply.
 */
public record CompressionDef(Map<String, Object> settings, Map<String, Span> spans) {

    public static final CompressionDef NONE = new CompressionDef(Map.of(), Map.of());

    public CompressionDef {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        spans = Map.copyOf(spans);
    }

    public boolean isEmpty() {
        return settings.isEmpty();
    }

    /** These settings with {@code defaults} filling the keys not set here (a component over the topology default). */
    public CompressionDef over(CompressionDef defaults) {
        Map<String, Object> s = new LinkedHashMap<>(defaults.settings);
        s.putAll(settings);
        Map<String, Span> p = new LinkedHashMap<>(defaults.spans);
        p.putAll(spans);
        return new CompressionDef(s, p);
    }
}
