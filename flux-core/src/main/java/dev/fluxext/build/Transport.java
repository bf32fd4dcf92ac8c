package dev.fluxext.build;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.batch.BatchSettings;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.compression.config.SettingConflict;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.Located;
import dev.fluxext.model.Span;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TransportDef;
import dev.fluxext.read.Placeholders;
import dev.fluxext.transport.TransportOptions;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.storm.messaging.IContext;

/**
 * The {@code transport:} block: the messaging layer each worker instantiates ({@code storm.messaging.transport})
 * and Netty's tuning keys, wrapped in the batch-compressing transport when the block has a {@code compression:}
 * block (the receive guard is wired with the compression serializer, in {@link CompressionWiring}). A class that is missing or is no {@link IContext} is an error now, not a worker crash
 * after submission.
 */
final class Transport {

    private Transport() {
    }

    /**
     * @param afterErrors the model has errors and is only checked: values holding a placeholder were reported by
     *                    substitution (see {@link TopologyFactory#checkWithoutBuilding}) and are not judged again
     */
    static void apply(TopologyDef def, Map<String, Object> conf, ObjectFactory objects, Diagnostics diagnostics,
                      boolean afterErrors) {
        // Set in config: directly (no transport: block), the class is checked all the same.
        Optional<Located<String>> checked = def.transport().map(TransportDef::contextClass).or(() -> def.config()
                .get(TransportOptions.TRANSPORT_KEY).filter(e -> e.value().toPlain() instanceof String)
                .map(e -> new Located<>((String) e.value().toPlain(), e.value().span())));
        checked.filter(c -> !(afterErrors && Placeholders.in(c.value())))
                .ifPresent(c -> checkContext(c, objects, diagnostics));
        TransportTls.warnAboutWrittenPasswords(def.config(), diagnostics);
        if (def.transport().isEmpty()) {
            return;
        }
        Located<String> contextClass = def.transport().get().contextClass();
        conf.put(TransportOptions.TRANSPORT_KEY, contextClass.value());
        // Innermost first: TLS wraps Netty, batch compression wraps that, the guard (CompressionWiring) the rest.
        def.transport().get().tls().filter(tls -> !(afterErrors && Stream.of(tls.keystore(), tls.truststore(),
                tls.password().name()).anyMatch(v -> Placeholders.in(v.value()))))
                .ifPresent(tls -> TransportTls.apply(tls, contextClass, conf, diagnostics));
        Located<String> wrapped = new Located<>((String) conf.get(TransportOptions.TRANSPORT_KEY), contextClass.span());
        def.transport().get().compression().ifPresent(batch -> batchCompression(batch, wrapped, conf,
                def.transport().get().span(), diagnostics));
        for (ConfigMap.Entry entry : def.transport().get().settings().entries().values()) {
            if (afterErrors && Placeholders.in(entry.value())) {
                continue; // reported by substitution
            }
            Object value = entry.value().toPlain();
            Optional<String> problem = value == null ? Optional.of(entry.key() + " needs a value")
                    : StormConfigCheck.problem(entry.key(), value);
            if (problem.isPresent()) {
                // The YAML says bufferSize, Storm says storm.messaging.netty.buffer_size: name both.
                String yamlName = TransportOptions.NETTY_KEYS.stream().filter(k -> k.stormKey().equals(entry.key()))
                        .map(TransportOptions.NettyKey::yamlName).findFirst().orElse(entry.key());
                diagnostics.error(Code.STORM_CONFIG, entry.value().span(), "transport " + yamlName + ": "
                        + problem.get());
            } else {
                conf.put(entry.key(), value);
            }
        }
    }

    /** Wraps the chosen transport in the batch-compressing one; settings already checked one by one by the reader. */
    private static void batchCompression(CompressionDef batch, Located<String> contextClass, Map<String, Object> conf,
                                         Span transport, Diagnostics diagnostics) {
        List<SettingConflict> conflicts = BatchSettings.conflicts(batch.settings()); // e.g. maxBatchBytes > the cap
        conflicts.forEach(conflict -> diagnostics.add(conflictAt(conflict, batch.spans(), transport)));
        if (conflicts.isEmpty()) {
            conf.put(BatchCompressionOptions.DELEGATE_KEY, contextClass.value());
            conf.put(TransportOptions.TRANSPORT_KEY, BatchCompressionContext.class.getName());
            conf.putAll(batch.settings());
        }
    }

    /**
     * At the setting of the conflict that comes first in the file, the other one (if the file sets it, else it is
     * a default) as a related location; at the block if the file sets neither.
     */
    private static Diagnostic conflictAt(SettingConflict conflict, Map<String, Span> spans, Span block) {
        List<Span> written = conflict.options().stream().map(o -> spans.get(o.key())).filter(Objects::nonNull)
                .sorted(Comparator.comparingInt((Span s) -> s.start().line()).thenComparingInt(s -> s.start().column()))
                .toList();
        Diagnostic error = Diagnostic.error(Code.OUT_OF_RANGE, written.isEmpty() ? block : written.get(0),
                conflict.message(ConfigOption::yamlPath));
        for (Span other : written.subList(Math.min(1, written.size()), written.size())) {
            error = error.withRelated(other, "also involved here");
        }
        return error;
    }

    private static void checkContext(Located<String> contextClass, ObjectFactory objects, Diagnostics diagnostics) {
        objects.findClass(contextClass).ifPresent(c -> {
            if (!IContext.class.isAssignableFrom(c)) {
                diagnostics.error(Code.CLASS, contextClass.span(), c.getName()
                        + " is not a messaging transport: it does not "
                        + "implement " + IContext.class.getName() + " (use 'netty' or such a class)");
            }
        });
    }
}
