package dev.fluxext.build;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.TopologyDef;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Wires tuple compression in when the file asks for it anywhere: the topology-level serializer and defaults
 * ({@link CompressionSetup#enable}) and, for every spout and bolt, its id and effective settings (the topology default
 * under its own block) in its config ({@link CompressionSetup#componentConf}), which Storm 2.8's worker keeps because
 * the keys are not Storm's. Every component, not only those that compress: the serializer counts what a component
 * sends under its id, so one without an id would have no figures of its own.
 */
final class CompressionWiring {

    private CompressionWiring() {
    }

    /**
     * Updates the topology config; must run after the transport is set (enabling wraps it).
     *
     * @return component id → entries for its config
     */
    static Map<String, Map<String, Object>> apply(TopologyDef def, Map<String, Object> conf) {
        CompressionDef defaults = def.compression();
        boolean used = !defaults.isEmpty() || def.executors().stream().anyMatch(e -> !e.compression().isEmpty());
        Map<String, Map<String, Object>> componentConfs = new HashMap<>();
        if (!used) {
            return componentConfs;
        }
        // The model holds settings its ConfigOptions already checked: a rejection here is a bug, not a file problem.
        CompressionSetup.enable(conf, defaults.settings());
        for (ComponentDef executor : def.executors()) {
            componentConfs.put(executor.id(), CompressionSetup.componentConf(executor.id(),
                    executor.compression().over(defaults).settings()));
        }
        // Receivers decompress with the topology config, not the sender's: the largest cap declared anywhere must be
        // the topology's, or a component's larger frames would be rejected.
        Stream.concat(Stream.of(defaults), def.executors().stream().map(ComponentDef::compression))
                .map(c -> c.settings().get(CompressionOptions.MAX_DECOMPRESSED_BYTES.key()))
                .filter(Number.class::isInstance).map(n -> ((Number) n).intValue()).max(Integer::compare)
                .ifPresent(max -> conf.put(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), max));
        return componentConfs;
    }
}
