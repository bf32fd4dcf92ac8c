package dev.fluxext.model;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A value written in YAML, with its position: a constructor or factory argument, a property value, a config
 * method argument or a config value. Only argument-like places (constructor/factory/method args, property
 * values) turn a one-key map {@code {ref: id}} into {@link Ref} and {@code {reflist: [...]}} into {@link RefList};
 * inside {@code config:} maps such maps stay {@link MapValue}s.
 */
public sealed interface Value {

    /** Where the YAML wrote it: the whole scalar, list or map ({@code {ref: id}} included). */
    Span span();

    default Position position() {
        return span().start();
    }

    /** A YAML scalar typed as YAML 1.1 types it: Integer, Long, BigInteger, Double, Boolean, String, or null. */
    record Scalar(Object value, Span span) implements Value {
        public Scalar {
            if (value != null && !(value instanceof String || value instanceof Integer || value instanceof Long
                    || value instanceof BigInteger || value instanceof Double || value instanceof Boolean)) {
                throw new IllegalArgumentException("not a YAML scalar: " + value.getClass());
            }
            Objects.requireNonNull(span);
        }
    }

    record ListValue(List<Value> items, Span span) implements Value {
        public ListValue {
            items = List.copyOf(items);
            Objects.requireNonNull(span);
        }
    }

    /** A map in file order. */
    record MapValue(Map<String, Value> entries, Span span) implements Value {
        public MapValue {
            entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
            Objects.requireNonNull(span);
        }
    }

    /** {@code {ref: id}}: the component declared with that id. */
    record Ref(String id, Span span) implements Value {
        public Ref {
            Objects.requireNonNull(id);
            Objects.requireNonNull(span);
        }
    }

    /** {@code {reflist: [id, ...]}}: those components, as a list or array. */
    record RefList(List<Ref> refs, Span span) implements Value {
        public RefList {
            refs = List.copyOf(refs);
            Objects.requireNonNull(span);
        }
    }

    /**
     * The plain Java form (String, Number, Boolean, null, List, Map in file order) as a Storm config map holds it.
     *
     * @throws IllegalStateException for {@link Ref} and {@link RefList}, which only the builder can resolve
     */
    default Object toPlain() {
        if (this instanceof Scalar s) {
            return s.value();
        }
        if (this instanceof ListValue l) {
            return java.util.Collections.unmodifiableList(
                    new java.util.ArrayList<>(l.items().stream().map(Value::toPlain).toList()));
        }
        if (this instanceof MapValue m) {
            Map<String, Object> out = new LinkedHashMap<>();
            m.entries().forEach((k, v) -> out.put(k, v.toPlain()));
            return java.util.Collections.unmodifiableMap(out);
        }
        throw new IllegalStateException("a reference has no plain value: " + this);
    }
}
