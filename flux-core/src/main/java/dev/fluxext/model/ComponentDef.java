package dev.fluxext.model;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A spout or a bolt: the object to create, its id and the executor settings (one record for both; {@code kind} says
 * which). {@code parallelism} defaults to 1 (positioned at the element when not written). {@code compression} holds
 * only what this component sets itself (its {@code compression:} block plus compression keys taken out of its
 * {@code config:}); {@link CompressionDef#over} merges it over the topology default.
 */
public record ComponentDef(Kind kind, ObjectDef object, Located<Integer> parallelism,
                           Optional<Located<Integer>> numTasks, Optional<Located<Double>> onHeapMemoryLoad,
                           Optional<Located<Double>> offHeapMemoryLoad, Optional<Located<Double>> cpuLoad,
                           ConfigMap config, CompressionDef compression) {

    public enum Kind {
        SPOUT, BOLT;

        /** "spout" or "bolt", as messages and the YAML say it. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ComponentDef {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(object);
        Objects.requireNonNull(parallelism);
        Objects.requireNonNull(numTasks);
        Objects.requireNonNull(onHeapMemoryLoad);
        Objects.requireNonNull(offHeapMemoryLoad);
        Objects.requireNonNull(cpuLoad);
        Objects.requireNonNull(config);
        Objects.requireNonNull(compression);
    }

    /** The spout's or bolt's id (always present for these). */
    public String id() {
        return object.idOrEmpty();
    }

    public Position position() {
        return object.position();
    }

    /** Its whole map in the YAML. */
    public Span span() {
        return object.span();
    }

    public boolean isSpout() {
        return kind == Kind.SPOUT;
    }

    /** "spout 'id'" or "bolt 'id'", for messages. */
    public String describe() {
        return kind.word() + " '" + id() + "'";
    }
}
