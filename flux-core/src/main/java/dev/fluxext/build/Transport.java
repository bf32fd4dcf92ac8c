package dev.fluxext.build;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.batch.BatchSettings;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.ConfigMap;
import dev.fluxext.model.Located;
import dev.fluxext.model.Span;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.transport.TransportOptions;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.messaging.IContext;

/**
 * The {@code transport:} block: the messaging layer each worker instantiates ({@code storm.messaging.transport})
 * and Netty's tuning keys, wrapped in the batch-compressing transport when the block has a {@code compression:}
 * block (a plain {@code type: netty} stays Storm's own path). A class that is missing or is no {@link IContext} is an error now, not a worker crash
 * after submission.
 */
final class Transport {

    private Transport() {
    }

    static void apply(TopologyDef def, Map<String, Object> conf, ObjectFactory objects, Diagnostics diagnostics) {
        if (def.transport().isEmpty()) {
            // Set in config: directly: the class is checked all the same.
            def.config().get(TransportOptions.TRANSPORT_KEY)
                    .filter(e -> e.value().toPlain() instanceof String)
                    .ifPresent(e -> checkContext(new Located<>((String) e.value().toPlain(), e.value().span()),
                            objects, diagnostics));
            return;
        }
        Located<String> contextClass = def.transport().get().contextClass();
        checkContext(contextClass, objects, diagnostics);
        conf.put(TransportOptions.TRANSPORT_KEY, contextClass.value());
        def.transport().get().compression().ifPresent(batch -> batchCompression(batch, contextClass, conf,
                def.transport().get().span(), diagnostics));
        for (ConfigMap.Entry entry : def.transport().get().settings().entries().values()) {
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
        try {
            BatchSettings.fromConf(batch.settings()); // the rules across settings (e.g. maxBatchBytes <= the cap)
        } catch (IllegalArgumentException e) {
            // At the first setting the message names (positions are not ordered), else at the block.
            Span at = BatchCompressionOptions.ALL.stream().map(o -> o.key())
                    .filter(k -> e.getMessage().contains(k) && batch.spans().containsKey(k))
                    .map(batch.spans()::get).findFirst().orElse(transport);
            diagnostics.error(Code.OUT_OF_RANGE, at, e.getMessage());
            return;
        }
        conf.put(BatchCompressionOptions.DELEGATE_KEY, contextClass.value());
        conf.put(TransportOptions.TRANSPORT_KEY, BatchCompressionContext.class.getName());
        conf.putAll(batch.settings());
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
