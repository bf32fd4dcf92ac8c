package dev.fluxext.model;

import java.util.Objects;
import java.util.Optional;

/** A bolt (see {@link ExecutorDef}). */
public record BoltDef(ObjectDef object, Located<Integer> parallelism, Optional<Located<Integer>> numTasks,
                      Optional<Located<Double>> onHeapMemoryLoad, Optional<Located<Double>> offHeapMemoryLoad,
                      Optional<Located<Double>> cpuLoad, ConfigMap config, CompressionDef compression)
        implements ExecutorDef {

    public BoltDef {
        Objects.requireNonNull(object);
        Objects.requireNonNull(parallelism);
        Objects.requireNonNull(numTasks);
        Objects.requireNonNull(onHeapMemoryLoad);
        Objects.requireNonNull(offHeapMemoryLoad);
        Objects.requireNonNull(cpuLoad);
        Objects.requireNonNull(config);
        Objects.requireNonNull(compression);
    }
}
