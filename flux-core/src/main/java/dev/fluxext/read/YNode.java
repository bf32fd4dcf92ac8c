package dev.fluxext.read;

import dev.fluxext.diag.Span;
import dev.fluxext.model.Position;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A YAML node with its position: the tree every later stage works on. Aliases are expanded, merge keys
 * ({@code <<}) applied, keys are unique strings. Immutable.
 */
public sealed interface YNode {

    Position position();

    /** A short name of the node's kind for type errors: "a string", "a list", ... */
    String kindName();

    /** The text of this node as far as one line shows it: a scalar's text (with its quotes), else its start. */
    default Span span() {
        if (this instanceof Scalar s && s.text().indexOf('\n') < 0 && !s.text().isEmpty()) {
            return Span.of(s.position(), s.text().length() + (s.plain() ? 0 : 2));
        }
        return Span.at(position());
    }

    /**
     * A scalar.
     *
     * @param value the value as YAML 1.1 types it: Integer, Long, BigInteger, Double, Boolean, String or null
     *              (timestamps stay strings)
     * @param text  the text as written (after {@code ${...}} substitution)
     * @param plain true when written unquoted: only plain scalars are typed (and re-typed after substitution)
     * @param textOffset columns from {@code position} to the first character of {@code text} when the text is
     *                   written on that line character for character (no escapes, no line breaks), else -1
     */
    record Scalar(Object value, String text, boolean plain, Position position, int textOffset) implements YNode {
        public Scalar {
            Objects.requireNonNull(text);
            Objects.requireNonNull(position);
        }

        public Scalar(Object value, String text, boolean plain, Position position) {
            this(value, text, plain, position, -1);
        }

        /** Where character {@code index} of the text is, as exactly as known (else the scalar's start). */
        public Position positionOf(int index) {
            return textOffset < 0 ? position
                    : new Position(position.file(), position.line(), position.column() + textOffset + index);
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

    record Seq(List<YNode> items, Position position) implements YNode {
        public Seq {
            items = List.copyOf(items);
            Objects.requireNonNull(position);
        }

        @Override
        public String kindName() {
            return "a list";
        }
    }

    /** A mapping in file order; keys are unique strings (the reader reports anything else). */
    record Map(List<Entry> entries, Position position) implements YNode {
        public Map {
            entries = List.copyOf(entries);
            Objects.requireNonNull(position);
        }

        public Optional<Entry> entry(String key) {
            return entries.stream().filter(e -> e.key().equals(key)).findFirst();
        }

        public Optional<YNode> get(String key) {
            return entry(key).map(Entry::value);
        }

        @Override
        public String kindName() {
            return "a map";
        }
    }

    /** One key of a mapping: the key text, where the key is, and the value. */
    record Entry(String key, Position keyPosition, YNode value) {
        public Span keySpan() {
            return Span.of(keyPosition, key.length());
        }
    }
}
