package dev.fluxext.compression.wire;

import dev.fluxext.compression.metrics.ComponentCounters;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.Gauges;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.WorkerTopologyContext;

/**
 * Publishes each component's compression counters as Storm v2 metrics (gauges named {@code fluxext.compression.*}),
 * registered once per worker when its transport binds. The counters are per component, so each component with a
 * task in the worker gets one set, under its lowest task there: one per task would report the same numbers once per
 * task. Registered here rather than by a task hook: a task with any hook makes Storm build an info object and call
 * every hook for each tuple emitted, executed and acked.
 */
public final class ComponentGauges {

    private static final String METRIC_PREFIX = "fluxext.compression.";

    private ComponentGauges() {
    }

    public static void register(StormMetricRegistry registry, WorkerTopologyContext worker) {
        Map<String, Integer> lowestTask = new TreeMap<>();
        for (int task : worker.getThisWorkerTasks()) {
            lowestTask.merge(worker.getComponentId(task), task, Math::min);
        }
        lowestTask.forEach((component, task) -> {
            ComponentCounters c = CompressionMetrics.counters(component);
            gauge(registry, "tuplesCompressed", c, ComponentCounters::tuplesCompressed, component, task);
            gauge(registry, "tuplesRaw", c, ComponentCounters::tuplesRaw, component, task);
            gauge(registry, "bytesIn", c, ComponentCounters::bytesIn, component, task);
            gauge(registry, "bytesOut", c, ComponentCounters::bytesOut, component, task);
            gauge(registry, "rejected", c, ComponentCounters::rejectedCount, component, task);
            gauge(registry, "nanos", c, ComponentCounters::nanos, component, task);
        });
    }

    private static void gauge(StormMetricRegistry registry, String name, ComponentCounters c,
                              ToLongFunction<ComponentCounters> read, String component, int task) {
        Gauges.register(registry, METRIC_PREFIX + name, () -> read.applyAsLong(c), component, task);
    }
}
