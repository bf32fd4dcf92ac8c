package dev.fluxext.build;

import dev.fluxext.model.TopologyDef;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.storm.generated.StormTopology;

/**
 * A topology ready to submit: its name, the model it was built from, the built {@link StormTopology} and the
 * complete topology config (YAML {@code config:}, {@code transport:}, {@code compression:} wiring and {@code -c}
 * overrides applied). What flux shows of it comes from the model ({@code dev.fluxext.describe}).
 */
public record LoadedTopology(String name, TopologyDef model, StormTopology topology, Map<String, Object> config) {

    public LoadedTopology {
        Objects.requireNonNull(model);
        config = Collections.unmodifiableMap(new HashMap<>(config)); // a key written without a value holds null
    }
}
