package dev.fluxext.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code config:} map (topology or component) in file order, each key with its position and its value (which has
 * its own). Keys are Storm config keys; values are unchecked here (the builder applies Storm's validators).
 */
public record ConfigMap(Map<String, Entry> entries) {

    public static final ConfigMap EMPTY = new ConfigMap(Map.of());

    /** One key of a config map: where the key is written (for "unknown"/"dropped" warnings) and its value. */
    public record Entry(String key, Span keySpan, Value value) {
        public Position keyPosition() {
            return keySpan.start();
        }
    }

    public ConfigMap {
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    public Optional<Entry> get(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The plain map a Storm {@code Config} holds (values as in {@link Value#toPlain()}), in file order. */
    public Map<String, Object> toPlain() {
        Map<String, Object> out = new LinkedHashMap<>();
        entries.forEach((k, e) -> out.put(k, e.value().toPlain()));
        return out;
    }
}
