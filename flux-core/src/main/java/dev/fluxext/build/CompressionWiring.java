package dev.fluxext.build;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.Span;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TransportDef;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Wires tuple compression in when the file asks for it anywhere, and the receive guard (the same serializer, without a
 * codec, and its transport wrapper) when the file has a {@code transport:} block without {@code guard: false}: the topology-level serializer and defaults
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
    static Map<String, Map<String, Object>> apply(TopologyDef def, Map<String, Object> conf, Diagnostics diagnostics) {
        CompressionDef defaults = withoutCodecUnderBatch(def, diagnostics);
        boolean used = !defaults.isEmpty() || def.executors().stream().anyMatch(e -> !e.compression().isEmpty());
        // A transport: block means the file wires the messaging layer: guarded unless it says guard: false. The guard
        // is the compression serializer (bounded values; raw frames without a codec) plus FrameGuardContext.
        boolean guarded = def.transport().map(t -> t.guard().value()).orElse(false);
        if (used && def.transport().filter(t -> !t.guard().value()).isPresent()) {
            diagnostics.warning(Code.NO_EFFECT, def.transport().get().guard().span(), "guard: false has no effect: "
                    + "this topology compresses tuples (a compression: block), and the serializer that does so is "
                    + "the receive guard");
        }
        Map<String, Map<String, Object>> componentConfs = new HashMap<>();
        if (!used && !guarded) {
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

    /**
     * No double compression by default: with the transport compressing bundles, a component's tuples are compressed
     * again only if its own {@code compression:} block names a codec, so the topology-level codec is dropped (with a
     * warning); its other settings (threshold, levels, cap) still apply to components that opt in.
     */
    private static CompressionDef withoutCodecUnderBatch(TopologyDef def, Diagnostics diagnostics) {
        CompressionDef defaults = def.compression();
        String codecKey = CompressionOptions.CODEC.key();
        boolean batch = def.transport().flatMap(TransportDef::compression).isPresent();
        if (!batch || !defaults.settings().containsKey(codecKey)) {
            return defaults;
        }
        if (!"none".equals(defaults.settings().get(codecKey))) {
            diagnostics.warning(Code.NO_EFFECT, defaults.spans().get(codecKey), "the transport already "
                    + "compresses bundles of tuples, so this codec is not applied to every component (no double compression); set it in "
                    + "the compression: block of the components that should also compress tuple by tuple");
        }
        Map<String, Object> settings = new HashMap<>(defaults.settings());
        Map<String, Span> spans = new HashMap<>(defaults.spans());
        settings.remove(codecKey);
        spans.remove(codecKey);
        return new CompressionDef(settings, spans);
    }
}
