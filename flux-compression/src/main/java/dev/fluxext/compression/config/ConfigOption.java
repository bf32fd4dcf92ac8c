package dev.fluxext.compression.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One setting, defined once: its Storm config key, where it sits in a YAML {@code compression:} block, its type,
 * default, allowed values and documentation. Validation, the JSON Schema and the docs are all derived from these
 * definitions (in the spirit of Kafka's {@code ConfigDef} and Flink's {@code ConfigOption}).
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
 */
public record ConfigOption(String key, String yamlPath, Type type, Object defaultValue, long min, long max,
                           List<String> allowed, String description, String example) {

    public enum Type { INT, STRING }

    public ConfigOption {
        Objects.requireNonNull(key);
        Objects.requireNonNull(yamlPath);
        allowed = List.copyOf(allowed);
    }

    static ConfigOption intOption(String key, String yamlPath, int defaultValue, long min, long max,
                                  String description, String example) {
        return new ConfigOption(key, yamlPath, Type.INT, defaultValue, min, max, List.of(), description, example);
    }

    static ConfigOption stringOption(String key, String yamlPath, String defaultValue, List<String> allowed,
                                     String description, String example) {
        return new ConfigOption(key, yamlPath, Type.STRING, defaultValue, 0, 0, allowed, description, example);
    }

    /**
     * Checks a raw value (as YAML or a Storm config map holds it) and converts it to this option's type.
     *
     * @return the problem in words a user understands (naming the allowed range or values), or empty if valid
     */
    public Optional<String> problemWith(Object raw) {
        if (raw == null) {
            return Optional.of("'" + yamlPath + "' needs a value");
        }
        switch (type) {
            case INT -> {
                if (!(raw instanceof Integer || raw instanceof Long || raw instanceof Short || raw instanceof Byte)) {
                    return Optional.of("'" + yamlPath + "' must be a whole number from " + min + " to " + max
                            + ", not " + describe(raw));
                }
                long v = ((Number) raw).longValue();
                if (v < min || v > max) {
                    return Optional.of("'" + yamlPath + "' must be from " + min + " to " + max + ", not " + v);
                }
                return Optional.empty();
            }
            case STRING -> {
                if (!(raw instanceof String s)) {
                    return Optional.of("'" + yamlPath + "' must be a string" + allowedText() + ", not " + describe(raw));
                }
                if (!allowed.isEmpty() && !allowed.contains(s)) {
                    return Optional.of("'" + yamlPath + "' must be one of " + String.join(", ", allowed) + ", not '" + s + "'");
                }
                return Optional.empty();
            }
            default -> throw new AssertionError(type);
        }
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
