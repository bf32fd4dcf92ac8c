package dev.fluxext.compression.config;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One setting, defined once: its Storm config key, where it sits in a YAML {@code compression:} block, its type,
 * default, allowed values, older keys that set it too, and documentation. Validation (the topology loader's and the
 * serializer's), the JSON Schema and the docs are all derived from these definitions (in the spirit of Kafka's
 * {@code ConfigDef} and Flink's {@code ConfigOption} with fallback keys).
 *
 * @param key          the key in a topology or component config, e.g. {@code fluxext.compression.zstd.level}
 * @param yamlPath     the dotted path inside a YAML {@code compression:} block, e.g. {@code zstd.level}
 * @param type         {@link Type#INT}, {@link Type#STRING}
 * @param defaultValue the value when nothing sets it
 * @param min          smallest allowed value (ints only)
 * @param max          largest allowed value (ints only)
 * @param allowed      the allowed values (strings only; empty means any)
 * @param description  one or two sentences for people
 * @param example      a YAML value a user might write
 * @param excluded     values inside {@code min..max} that are still not allowed (ints only), with why
 * @param fallbackKeys other config keys that set this option when {@code key} is absent (Storm 3's), in order
 * @param unit         what an int counts, plural ("bytes", "seconds"), for messages and docs; empty for a plain number
 */
public record ConfigOption(String key, String yamlPath, Type type, Object defaultValue, long min, long max,
                           List<String> allowed, String description, String example, Optional<Excluded> excluded,
                           List<FallbackKey> fallbackKeys, String unit) {

    public enum Type { INT, STRING }

    /** {@code from..to} (inclusive) are not allowed although within the range; {@code zeroMeans} says what 0 does. */
    public record Excluded(long from, long to, String zeroMeans) {
    }

    /**
     * Another key for this option. {@code values} translates its values to this option's (e.g. Storm 3's
     * {@code topology.tuple.compression.enable: true} means codec {@code zstd}); empty means taken as they are.
     */
    public record FallbackKey(String key, Map<Object, Object> values) {
        public FallbackKey {
            Objects.requireNonNull(key);
            values = Map.copyOf(values);
        }

        /** The translation of {@code raw}, matched as text (a Java topology may give "true" for true). */
        Optional<Object> translated(Object raw) {
            return values.entrySet().stream().filter(e -> String.valueOf(e.getKey()).equals(String.valueOf(raw)))
                    .map(Map.Entry::getValue).findFirst();
        }
    }

    /** A value found in a config map and the key it was found under (this option's own, or a fallback key). */
    public record Found(String key, Object raw) {
    }

    public ConfigOption {
        Objects.requireNonNull(key);
        Objects.requireNonNull(yamlPath);
        allowed = List.copyOf(allowed);
        excluded = excluded == null ? Optional.empty() : excluded;
        fallbackKeys = fallbackKeys == null ? List.of() : List.copyOf(fallbackKeys);
        unit = unit == null ? "" : unit;
    }

    public ConfigOption(String key, String yamlPath, Type type, Object defaultValue, long min, long max,
                        List<String> allowed, String description, String example) {
        this(key, yamlPath, type, defaultValue, min, max, allowed, description, example, Optional.empty(), List.of(),
                "");
    }

    static ConfigOption intOption(String key, String yamlPath, int defaultValue, long min, long max,
                                  String description, String example) {
        return new ConfigOption(key, yamlPath, Type.INT, defaultValue, min, max, List.of(), description, example);
    }

    static ConfigOption stringOption(String key, String yamlPath, String defaultValue, List<String> allowed,
                                     String description, String example) {
        return new ConfigOption(key, yamlPath, Type.STRING, defaultValue, 0, 0, allowed, description, example);
    }

    /** This option with {@code keys} as fallback keys (values taken as they are). */
    ConfigOption withFallbackKeys(FallbackKey... keys) {
        return new ConfigOption(key, yamlPath, type, defaultValue, min, max, allowed, description, example, excluded,
                List.of(keys), unit);
    }

    /** The same option (range, exclusions, meaning) under another config key, with no fallback keys. */
    ConfigOption withKey(String otherKey) {
        return new ConfigOption(otherKey, yamlPath, type, defaultValue, min, max, allowed, description, example,
                excluded, List.of(), unit);
    }

    /** The same option with another default (the batch transport's zstd level differs from per-tuple's). */
    ConfigOption withDefault(Object otherDefault) {
        return new ConfigOption(key, yamlPath, type, otherDefault, min, max, allowed, description, example, excluded,
                fallbackKeys, unit);
    }

    /** This option counting {@code plural} ("bytes"): messages and docs name the unit with the range. */
    ConfigOption in(String plural) {
        return new ConfigOption(key, yamlPath, type, defaultValue, min, max, allowed, description, example, excluded,
                fallbackKeys, plural);
    }

    ConfigOption excluding(long from, long to, String zeroMeans) {
        return new ConfigOption(key, yamlPath, type, defaultValue, min, max, allowed, description, example,
                Optional.of(new Excluded(from, to, zeroMeans)), fallbackKeys, unit);
    }

    /** Whether {@code configKey} sets this option: its own key or one of its fallback keys. */
    public boolean isSetBy(String configKey) {
        return key.equals(configKey) || fallbackKeys.stream().anyMatch(f -> f.key().equals(configKey));
    }

    /** The raw value {@code conf} gives this option: under its own key, else under the first fallback key present. */
    public Optional<Found> lookup(Map<String, ?> conf) {
        if (conf.containsKey(key) && conf.get(key) != null) {
            return Optional.of(new Found(key, conf.get(key)));
        }
        return fallbackKeys.stream().filter(f -> conf.get(f.key()) != null).findFirst()
                .map(f -> new Found(f.key(), conf.get(f.key())));
    }

    /**
     * A raw value given under {@code configKey} (own or fallback) as a value of this option, before checking: a
     * fallback key's value translated; a value it cannot translate stays as it is, for {@link #problemWith} to
     * name.
     */
    public Object translate(String configKey, Object raw) {
        return fallbackKeys.stream().filter(f -> f.key().equals(configKey) && !f.values().isEmpty()).findFirst()
                .flatMap(f -> f.translated(raw)).orElse(raw);
    }

    /** The problem of a value given under {@code configKey}, named by that key; empty if valid. */
    public Optional<String> problemWith(String configKey, Object raw) {
        Optional<FallbackKey> fallback = fallbackKeys.stream().filter(f -> f.key().equals(configKey)).findFirst();
        if (fallback.isPresent() && !fallback.get().values().isEmpty() && fallback.get().translated(raw).isEmpty()) {
            return Optional.of("'" + configKey + "' must be " + String.join(" or ", fallback.get().values().keySet()
                    .stream().map(String::valueOf).sorted(java.util.Comparator.reverseOrder()).toList()) + ", not "
                    + describe(raw));
        }
        return problemWith(translate(configKey, raw), configKey);
    }

    /**
     * Checks a raw value (as YAML or a Storm config map holds it), naming it by its YAML path.
     *
     * @return the problem in words a user understands (naming the allowed range or values), or empty if valid
     */
    public Optional<String> problemWith(Object raw) {
        return problemWith(raw, yamlPath);
    }

    private Optional<String> problemWith(Object raw, String name) {
        if (raw == null) {
            return Optional.of("'" + name + "' needs a value");
        }
        switch (type) {
            case INT -> {
                if (!(raw instanceof Integer || raw instanceof Long || raw instanceof Short || raw instanceof Byte)) {
                    return Optional.of("'" + name + "' must be a whole number" + (unit.isEmpty() ? "" : " of " + unit)
                            + ", " + rangeText() + ", not " + describe(raw));
                }
                long v = ((Number) raw).longValue();
                if (v < min || v > max || excluded.isPresent() && v >= excluded.get().from() && v <= excluded.get().to()) {
                    return Optional.of("'" + name + "' must be " + rangeText() + ", not " + v);
                }
                return Optional.empty();
            }
            case STRING -> {
                if (!(raw instanceof String s)) {
                    return Optional.of("'" + name + "' must be a string" + allowedText() + ", not " + describe(raw));
                }
                if (!allowed.isEmpty() && !allowed.contains(s)) {
                    return Optional.of("'" + name + "' must be one of " + String.join(", ", allowed) + ", not '" + s + "'");
                }
                return Optional.empty();
            }
            default -> throw new AssertionError(type);
        }
    }

    /**
     * "from 1 to 9", "at least 1 byte" (no upper bound a person would hit: Java's largest int), "from 1024 to
     * 67108864 bytes", or with an excluded range "0 (let the level choose) or from 10 to 27".
     */
    public String rangeText() {
        if (excluded.isEmpty()) {
            if (max >= Integer.MAX_VALUE) {
                return "at least " + min + unitAfter(min);
            }
            return "from " + min + " to " + max + unitAfter(max);
        }
        Excluded x = excluded.get();
        String low = x.from() - 1 == min ? min + (min == 0 ? " (" + x.zeroMeans() + ")" : "")
                : "from " + min + " to " + (x.from() - 1);
        return low + " or from " + (x.to() + 1) + " to " + max;
    }

    /** " bytes" after a number ({@code " byte"} after 1), or nothing for a plain number. */
    private String unitAfter(long n) {
        if (unit.isEmpty()) {
            return "";
        }
        return " " + (n == 1 && unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit);
    }

    /** The value converted to this option's Java type; call only after {@link #problemWith} found nothing. */
    public Object convert(Object raw) {
        return type == Type.INT ? (Object) ((Number) raw).intValue() : raw;
    }

    private String allowedText() {
        return allowed.isEmpty() ? "" : " (one of " + String.join(", ", allowed) + ")";
    }

    private static String describe(Object raw) {
        return raw instanceof String s ? "'" + s + "'" : String.valueOf(raw);
    }
}
