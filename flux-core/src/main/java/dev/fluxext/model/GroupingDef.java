package dev.fluxext.model;

import java.util.List;
import java.util.Optional;

/**
 * A stream's grouping.
 *
 * @param type        the grouping type, at its value (YAML accepts any case)
 * @param streamId    the source's output stream, {@code "default"} unless given
 * @param fields      {@code args}: field names (FIELDS only; the check stage reports them elsewhere)
 * @param customClass the {@code CustomStreamGrouping} to create (CUSTOM only)
 * @param span        the {@code grouping:} map
 */
public record GroupingDef(Located<Type> type, Located<String> streamId, Optional<Located<List<String>>> fields,
                          Optional<ObjectDef> customClass, Span span) {

    public enum Type { ALL, CUSTOM, DIRECT, SHUFFLE, LOCAL_OR_SHUFFLE, FIELDS, GLOBAL, NONE }

    public static final String DEFAULT_STREAM = "default";
}
