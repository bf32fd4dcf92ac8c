package dev.fluxext.build;

import java.util.Map;
import org.apache.storm.generated.StormTopology;

/**
 * A topology ready to submit: its name, the built {@link StormTopology} and the complete topology config
 * (YAML {@code config:}, {@code transport:}, {@code compression:} wiring and {@code -c} overrides applied).
 */
public record LoadedTopology(String name, StormTopology topology, Map<String, Object> config) {

    public LoadedTopology {
        config = Map.copyOf(config);
    }
}
