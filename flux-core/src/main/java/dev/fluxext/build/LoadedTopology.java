package dev.fluxext.build;

import dev.fluxext.model.TopologyDef;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.storm.generated.StormTopology;

/**
 * A topology ready to submit: its name, the model it was built from, the built {@link StormTopology} and the
 * complete topology config (YAML {@code config:}, {@code transport:}, {@code compression:} wiring and {@code -c}
 * overrides applied). What flux shows of it is read from the built topology ({@code dev.fluxext.describe}).
 *
 * @param added the config keys fluxext itself put in, for {@code show} to mark them
 */
public record LoadedTopology(String name, TopologyDef model, StormTopology topology, Map<String, Object> config,
                             Added added) {

    /**
     * What the {@code compression:} and {@code transport:} wiring wrote, beyond what the file's {@code config:}
     * maps say.
     *
     * @param config           keys of the topology config
     * @param componentConfig  component id → keys of its config (its json_conf)
     */
    public record Added(Set<String> config, Map<String, Set<String>> componentConfig) {

        public static final Added NONE = new Added(Set.of(), Map.of());

        public Added {
            config = Set.copyOf(config);
            componentConfig = Map.copyOf(componentConfig);
        }
    }

    public LoadedTopology {
        Objects.requireNonNull(model);
        config = Collections.unmodifiableMap(new HashMap<>(config)); // a key written without a value holds null
        Objects.requireNonNull(added);
    }

    public LoadedTopology(String name, TopologyDef model, StormTopology topology, Map<String, Object> config) {
        this(name, model, topology, config, Added.NONE);
    }
}
