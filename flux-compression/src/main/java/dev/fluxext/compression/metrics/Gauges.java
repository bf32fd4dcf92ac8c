package dev.fluxext.compression.metrics;

import java.util.function.LongSupplier;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Registers fluxext's counters as Storm v2 gauges, which any configured metrics reporter publishes. */
public final class Gauges {

    private static final Logger LOG = LoggerFactory.getLogger(Gauges.class);

    private Gauges() {
    }

    /**
     * Registers {@code name} for {@code component}'s {@code task}. The registry refuses a name twice: a transport
     * prepared or bound again in the same worker (local mode runs several in one JVM) keeps the first gauge.
     */
    public static void register(StormMetricRegistry registry, String name, LongSupplier read, String component,
                                int task) {
        try {
            registry.gauge(name, read::getAsLong, component, task);
        } catch (RuntimeException e) {
            LOG.debug("gauge {} of {} not registered: {}", name, component, e.getMessage());
        }
    }
}
