package dev.fluxext.read;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A YAML node with its position: the tree every later stage works on. Aliases are expanded, merge keys
 * ({@code <<}) applied, keys are unique strings. Immutable.
 */
public sealed interface YNode {

    /**
     * The node's text in the file: a scalar with its quotes or its whole block, a list or map from its first item
     * to the end of its last value (or its closing bracket).
     */
    Span span();

    default Position position() {
        return span().start();
    }

    /** A short name of the node's kind for type errors: "a string", "a list", ... */
    String kindName();

    /**
     * A scalar.
     *
     * @param value the value as YAML 1.1 types it: Integer, Long, BigInteger, Double, Boolean, String or null
     *              (timestamps stay strings)
     * @param text  the text as written (after {@code ${...}} substitution, which YAML typed as written there)
     * @param plain true when written unquoted: only plain scalars are typed
     * @param span  where it is written (the original text when {@code ${...}} was substituted)
     * @param unresolved it holds a {@code ${...}} placeholder that substitution could not fill and reported as an error:
     *                   later stages skip it rather than report it again (a value that is {@code ${...}} text
     *                   after substitution, e.g. a property's own value, is judged like any other)
     */
    record Scalar(Object value, String text, boolean plain, Span span, boolean unresolved) implements YNode {
        public Scalar {
            Objects.requireNonNull(text);
            Objects.requireNonNull(span);
        }

        public Scalar(Object value, String text, boolean plain, Span span) {
            this(value, text, plain, span, false);
        }

        @Override
        public String kindName() {
            if (value == null) {
                return "null";
            }
            if (value instanceof String) {
                return "a string";
            }
            if (value instanceof Boolean) {
                return "a boolean";
            }
            return value instanceof Double ? "a number" : "a whole number";
        }
    }

    record Seq(List<YNode> items, Span span) implements YNode {
        public Seq {
            items = List.copyOf(items);
            Objects.requireNonNull(span);
        }

        @Override
        public String kindName() {
            return "a list";
        }
    }

    /** A mapping in file order; keys are unique strings (the reader reports anything else). */
    record Map(List<Entry> entries, Span span) implements YNode {
        public Map {
            entries = List.copyOf(entries);
            Objects.requireNonNull(span);
        }

        public Optional<Entry> entry(String key) {
            for (Entry e : entries) { // a loop: called for every key of every map, cheaper than a stream when cold
                if (e.key().equals(key)) {
                    return Optional.of(e);
                }
            }
            return Optional.empty();
        }

        public Optional<YNode> get(String key) {
            return entry(key).map(Entry::value);
        }

        @Override
        public String kindName() {
            return "a map";
        }
    }

    /** One key of a mapping: the key text, where the key is written (with its quotes), and the value. */
    record Entry(String key, Span keySpan, YNode value) {
        public Position keyPosition() {
            return keySpan.start();
        }
    }
}
