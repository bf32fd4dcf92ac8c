package dev.fluxext.model;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

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

    /**
     * Bolts no stream goes to, in declaration order. Storm's Flux adds a bolt to the topology when a stream goes to
     * it, so it leaves these out; the build does the same.
     */
    public List<ComponentDef> unreachedBolts() {
        Set<String> reached = reached();
        return bolts.stream().filter(b -> !reached.contains(b.id())).toList();
    }

    /** What the built topology holds: the spouts, then the bolts some stream goes to, in declaration order. */
    public List<ComponentDef> builtExecutors() {
        Set<String> reached = reached();
        return executors().stream().filter(e -> e.isSpout() || reached.contains(e.id())).toList();
    }

    private Set<String> reached() {
        Set<String> reached = new HashSet<>();
        streams.forEach(s -> reached.add(s.to().value()));
        return reached;
    }
}
