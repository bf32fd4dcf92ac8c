package dev.fluxext.model;

import dev.fluxext.diag.Position;
import java.util.Optional;

/**
 * What spouts and bolts share: the object to create, its id and the executor settings.
 * {@code parallelism} defaults to 1 (positioned at the element when not written).
 * {@code compression} holds only what this component sets itself (its {@code compression:} block plus Storm 3 keys
 * moved out of its {@code config:}); {@link CompressionDef#over} merges it over the topology default.
 */
public sealed interface ExecutorDef permits SpoutDef, BoltDef {

    ObjectDef object();

    Located<Integer> parallelism();

    Optional<Located<Integer>> numTasks();

    Optional<Located<Double>> onHeapMemoryLoad();

    Optional<Located<Double>> offHeapMemoryLoad();

    Optional<Located<Double>> cpuLoad();

    ConfigMap config();

    CompressionDef compression();

    /** The spout's or bolt's id (always present for these). */
    default String id() {
        return object().idOrEmpty();
    }

    default Position position() {
        return object().position();
    }
}
