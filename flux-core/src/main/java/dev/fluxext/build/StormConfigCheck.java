package dev.fluxext.build;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.diag.Suggestions;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.Config;
import org.apache.storm.validation.ConfigValidation;
import org.apache.storm.validation.ConfigValidationAnnotations.IsBoolean;
import org.apache.storm.validation.ConfigValidationAnnotations.IsImplementationOfClass;
import org.apache.storm.validation.ConfigValidationAnnotations.IsInteger;
import org.apache.storm.validation.ConfigValidationAnnotations.IsKryoReg;
import org.apache.storm.validation.ConfigValidationAnnotations.IsListEntryType;
import org.apache.storm.validation.ConfigValidationAnnotations.IsLong;
import org.apache.storm.validation.ConfigValidationAnnotations.IsMapEntryCustom;
import org.apache.storm.validation.ConfigValidationAnnotations.IsMapEntryType;
import org.apache.storm.validation.ConfigValidationAnnotations.IsNumber;
import org.apache.storm.validation.ConfigValidationAnnotations.IsPositiveNumber;
import org.apache.storm.validation.ConfigValidationAnnotations.IsPowerOf2;
import org.apache.storm.validation.ConfigValidationAnnotations.IsString;
import org.apache.storm.validation.ConfigValidationAnnotations.IsStringList;
import org.apache.storm.validation.ConfigValidationAnnotations.IsStringOrStringList;
import org.apache.storm.validation.ConfigValidationAnnotations.IsType;

/**
 * Storm's own checks for config values: every key that is a public constant of {@link Config} is validated with the
 * validators its annotations name ({@link ConfigValidation}); other keys pass through. Failures are rephrased from
 * the annotations ("topology.workers must be a positive integer, not 'two'") instead of Storm's field names.
 */
public final class StormConfigCheck {

    /**
     * Storm keys that Storm 2.8's worker keeps in a component's config ({@code Executor.normalizedComponentConf}
     * removes every other {@link Config} key from a component's json_conf).
     */
    private static final Set<String> KEPT_PER_COMPONENT = Set.of(Config.TOPOLOGY_DEBUG,
            Config.TOPOLOGY_MAX_SPOUT_PENDING, Config.TOPOLOGY_MAX_TASK_PARALLELISM, Config.TOPOLOGY_TRANSACTIONAL_ID,
            Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, Config.TOPOLOGY_SLEEP_SPOUT_WAIT_STRATEGY_TIME_MS,
            Config.TOPOLOGY_SPOUT_WAIT_STRATEGY, Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_COUNT,
            Config.TOPOLOGY_BOLTS_WINDOW_LENGTH_DURATION_MS, Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_COUNT,
            Config.TOPOLOGY_BOLTS_SLIDING_INTERVAL_DURATION_MS, Config.TOPOLOGY_BOLTS_TUPLE_TIMESTAMP_MAX_LAG_MS,
            Config.TOPOLOGY_BOLTS_MESSAGE_ID_FIELD_NAME, Config.TOPOLOGY_STATE_PROVIDER,
            Config.TOPOLOGY_STATE_PROVIDER_CONFIG, Config.TOPOLOGY_BOLTS_LATE_TUPLE_STREAM);

    /**
     * Keys TopologyBuilder itself writes into a component's json_conf (numTasks, memory and cpu loads); the worker
     * drops them too, but the scheduler reads them from the topology before that, so they are not "ignored".
     */
    private static final Set<String> SET_BY_BUILDER = Set.of(Config.TOPOLOGY_TASKS,
            Config.TOPOLOGY_COMPONENT_RESOURCES_ONHEAP_MEMORY_MB, Config.TOPOLOGY_COMPONENT_RESOURCES_OFFHEAP_MEMORY_MB,
            Config.TOPOLOGY_COMPONENT_CPU_PCORE_PERCENT, Config.TOPOLOGY_COMPONENT_RESOURCES_MAP);

    private static final Map<String, Field> STORM_KEYS = stormKeys();

    /**
     * Prefixes of Storm's own keys: a key under one of them that Storm does not know is most likely a typo, which
     * Storm would ignore silently.
     */
    private static final List<String> STORM_PREFIXES = List.of("topology.", "storm.", "nimbus.", "supervisor.",
            "worker.", "drpc.", "ui.", "logviewer.", "pacemaker.", "blobstore.", "task.", "executor.", "client.",
            "transactional.", "zmq.", "dev.zookeeper.");

    /** Every key Storm 2.8 defines: the topology keys of {@link Config} and the daemons' keys (storm-server). */
    private static final Set<String> KNOWN_KEYS = knownKeys();

    /** Checked scalar values, bounded so that a long-lived process does not grow without limit. */
    private static final Map<Verdict, Optional<String>> VERDICTS = new ConcurrentHashMap<>();
    private static final int MAX_VERDICTS = 10_000;

    private record Verdict(String key, Object value) {
        // Written out: a record's generated hashCode and equals are bootstrapped on first use (invokedynamic), which
        // costs a short command about 10 ms.
        @Override
        public int hashCode() {
            return 31 * key.hashCode() + value.hashCode();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Verdict v && key.equals(v.key) && value.equals(v.value);
        }
    }

    private StormConfigCheck() {
    }

    private static Map<String, Field> stormKeys() {
        Map<String, Field> keys = new HashMap<>();
        for (Field field : Config.class.getFields()) {
            // As Executor.retrieveAllConfigKeys: every public String constant (Config has no @NotConf fields), and
            // without reading annotations here, which would parse those of all ~300 fields at start-up.
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                try {
                    keys.put((String) field.get(null), field);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e); // public static fields are always readable
                }
            }
        }
        return Map.copyOf(keys);
    }

    private static Set<String> knownKeys() {
        Set<String> keys = new java.util.HashSet<>(STORM_KEYS.keySet());
        keys.addAll(CompressionOptions.fallbackKeys().keySet()); // Storm 3's, understood by fluxext
        try {
            for (Field field : Class.forName("org.apache.storm.DaemonConfig").getFields()) {
                if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                    keys.add((String) field.get(null));
                }
            }
        } catch (ClassNotFoundException | LinkageError | IllegalAccessException e) {
            // storm-server is not on a worker's classpath; Config's keys still cover every topology key.
        }
        return Set.copyOf(keys);
    }

    /** A key that looks like Storm's but is not one of Storm 2.8's: the warning, and the known key it likely means. */
    public record UnknownKey(String warning, Optional<String> meant) {
    }

    /**
     * A warning for a key that looks like Storm's ({@code topology.*}, {@code nimbus.*}, ...) but is not one of
     * Storm 2.8's, with the nearest known key; empty for known keys and keys outside Storm's namespaces.
     */
    public static Optional<String> unknownKeyWarning(String key) {
        return unknownKey(key).map(UnknownKey::warning);
    }

    /** {@link #unknownKeyWarning} with the key it suggests, for a fix. */
    public static Optional<UnknownKey> unknownKey(String key) {
        if (KNOWN_KEYS.contains(key) || STORM_PREFIXES.stream().noneMatch(key::startsWith)) {
            return Optional.empty();
        }
        Optional<String> meant = Suggestions.nearest(key, KNOWN_KEYS);
        return Optional.of(new UnknownKey("'" + key + "' is not a Storm 2.8 config key, so Storm ignores it"
                + meant.map(k -> "; did you mean '" + k + "'?").orElse("; check the spelling"), meant));
    }

    /** Whether Storm knows this key (a public constant of {@link Config}). */
    public static boolean isStormKey(String key) {
        return STORM_KEYS.containsKey(key);
    }

    /** Whether Storm 2.8 marks the key deprecated. */
    public static boolean isDeprecated(String key) {
        Field field = STORM_KEYS.get(key);
        return field != null && field.isAnnotationPresent(Deprecated.class);
    }

    /** A Storm key set in a component's config that the Storm 2.8 worker throws away (see the allow-list above). */
    public static boolean ignoredPerComponent(String key) {
        return isStormKey(key) && !KEPT_PER_COMPONENT.contains(key) && !SET_BY_BUILDER.contains(key);
    }

    /** Why {@code value} is not acceptable for Storm key {@code key}; empty when it is, or when Storm does not know the key. */
    public static Optional<String> problem(String key, Object value) {
        return violation(key, value).map(v -> key + (v.startsWith("must ") ? " " : ": ") + v);
    }

    /**
     * As {@link #problem} without the key in front ("must be a positive integer, not 'two'"), for messages that name
     * the key themselves.
     */
    public static Optional<String> violation(String key, Object value) {
        Field field = STORM_KEYS.get(key);
        if (field == null) {
            return Optional.empty();
        }
        if (value == null) { // Storm passes null on unless the key's validators refuse it (@NotNull)
            return validate(field, key, null).map(refused -> "must have a value ("
                    + expectation(field).orElse("see Storm's Config") + ")");
        }
        // Storm builds its validators by reflection on every call; a topology repeats the same few key/value pairs.
        boolean scalar = value instanceof String || value instanceof Number || value instanceof Boolean;
        if (scalar && VERDICTS.size() < MAX_VERDICTS) {
            return VERDICTS.computeIfAbsent(new Verdict(key, value), v -> validate(field, key, value));
        }
        return validate(field, key, value);
    }

    private static Optional<String> validate(Field field, String key, Object value) {
        IsImplementationOfClass implementing = field.getAnnotation(IsImplementationOfClass.class);
        if (implementing != null && value instanceof String className) {
            return implementationProblem(className, implementing.implementsClass());
        }
        Map<String, Object> single = new HashMap<>();
        single.put(key, value);
        try {
            ConfigValidation.validateField(field, single);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            String because = e.getMessage() == null ? "" : e.getMessage().replace(field.getName(), key);
            return Optional.of(expectation(field)
                    .map(expected -> "must be " + expected + ", not " + describe(value))
                    .orElse(because));
        } catch (RuntimeException e) { // a validator that cannot even run (e.g. a class it needs is missing)
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }

    /**
     * Storm's own validator for a class-valued key loads the class initialized, running its static initializer:
     * checked here by name only, so that checking a file (validate --static) runs none of its code.
     */
    private static Optional<String> implementationProblem(String className, Class<?> required) {
        String problem = "must be a class name implementing " + required.getName() + ", not '" + className + "'";
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> named = Class.forName(className, false, context != null ? context : Config.class.getClassLoader());
            return required.isAssignableFrom(named) ? Optional.empty() : Optional.of(problem);
        } catch (ClassNotFoundException e) {
            return Optional.of(problem + " (no such class)");
        } catch (LinkageError e) {
            return Optional.of(problem + " (it cannot be loaded: " + e + ")");
        }
    }

    /** What the annotations of Storm's field require, in words; empty when they say nothing a person can use. */
    private static Optional<String> expectation(Field field) {
        String noun = null;
        List<String> qualifiers = new ArrayList<>();
        String prefix = "";
        for (Annotation a : field.getAnnotations()) {
            if (a instanceof IsInteger) {
                noun = "integer";
            } else if (a instanceof IsLong) {
                noun = "whole number";
            } else if (a instanceof IsNumber) {
                noun = noun == null ? "number" : noun;
            } else if (a instanceof IsBoolean) {
                noun = "boolean (true or false)";
            } else if (a instanceof IsString s) {
                List<String> accepted = Arrays.stream(s.acceptedValues()).filter(v -> !v.isEmpty()).toList();
                noun = accepted.isEmpty() ? "string" : "one of " + String.join(", ", accepted);
            } else if (a instanceof IsStringList) {
                noun = "list of strings";
            } else if (a instanceof IsStringOrStringList) {
                noun = "string or a list of strings";
            } else if (a instanceof IsListEntryType l) {
                noun = "list of " + l.type().getSimpleName() + " values";
            } else if (a instanceof IsMapEntryType || a instanceof IsMapEntryCustom) {
                noun = "map";
            } else if (a instanceof IsKryoReg) {
                noun = "list of class names or {class: serializer} maps";
            } else if (a instanceof IsImplementationOfClass c) {
                noun = "class name implementing " + c.implementsClass().getName();
            } else if (a instanceof IsType t) {
                noun = t.type().getSimpleName();
            } else if (a instanceof IsPositiveNumber p) {
                prefix = p.includeZero() ? "non-negative " : "positive ";
            } else if (a instanceof IsPowerOf2) {
                qualifiers.add("a power of 2");
            }
        }
        if (noun == null) {
            noun = prefix.isEmpty() ? null : "number";
        }
        if (noun == null) {
            return Optional.empty();
        }
        String article = noun.startsWith("one of") ? "" : "aeiou".indexOf((prefix + noun).charAt(0)) >= 0 ? "an " : "a ";
        String text = article + prefix + noun;
        return Optional.of(qualifiers.isEmpty() ? text : text + " that is " + String.join(" and ", qualifiers));
    }

    static String describe(Object value) {
        return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
    }
}
