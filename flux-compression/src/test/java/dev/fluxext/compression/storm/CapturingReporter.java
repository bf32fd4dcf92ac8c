package dev.fluxext.compression.storm;

import com.codahale.metrics.MetricRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.storm.metrics2.reporters.StormReporter;

/** A Storm metrics reporter that only keeps each worker's registry, so a test can read the gauges in it. */
public final class CapturingReporter implements StormReporter {

    static final List<MetricRegistry> REGISTRIES = new CopyOnWriteArrayList<>();

    @Override
    @SuppressWarnings("deprecation") // the one Storm 2.8's default prepare(provider, ...) delegates to
    public void prepare(MetricRegistry metricsRegistry, Map<String, Object> topoConf, Map<String, Object> reporterConf) {
        REGISTRIES.add(metricsRegistry);
    }

    @Override
    public void start() {
    }

    @Override
    public void stop() {
    }

    @Override
    public void close() {
    }
}
