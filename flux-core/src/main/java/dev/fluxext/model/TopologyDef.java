package dev.fluxext.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A whole topology, includes merged and {@code ${...}} substituted. See the package documentation for what holds
 * once the check stage passed.
 *
 * @param name           {@code name:}, if any (the CLI may supply one)
 * @param config         topology {@code config:} (Storm 3 compression keys moved into {@code compression})
 * @param components     shared objects, in declaration order (references may only point backwards)
 * @param workerHooks    {@code IWorkerHook}s, in order
 * @param compression    the topology default compression settings (what the YAML set)
 * @param span           the main file's top-level map
 */
public record TopologyDef(Optional<Located<String>> name, ConfigMap config, List<ObjectDef> components,
                          List<ComponentDef> spouts, List<ComponentDef> bolts, List<StreamDef> streams,
                          List<ObjectDef> workerHooks, Optional<TopologySourceDef> topologySource,
                          CompressionDef compression, Optional<TransportDef> transport, Span span) {

    public TopologyDef {
        Objects.requireNonNull(name);
        Objects.requireNonNull(config);
        components = List.copyOf(components);
        spouts = List.copyOf(spouts);
        bolts = List.copyOf(bolts);
        if (spouts.stream().anyMatch(c -> !c.isSpout()) || bolts.stream().anyMatch(ComponentDef::isSpout)) {
            throw new IllegalArgumentException("a bolt among the spouts or a spout among the bolts");
        }
        streams = List.copyOf(streams);
        workerHooks = List.copyOf(workerHooks);
        Objects.requireNonNull(topologySource);
        Objects.requireNonNull(compression);
        Objects.requireNonNull(transport);
        Objects.requireNonNull(span);
    }

    /** Spouts then bolts, in declaration order. */
    public List<ComponentDef> executors() {
        return java.util.stream.Stream.concat(spouts.stream(), bolts.stream()).toList();
    }
}
