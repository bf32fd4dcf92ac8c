package dev.fluxext.compression.storm;

import dev.fluxext.compression.metrics.ComponentCounters;
import dev.fluxext.compression.metrics.CompressionMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.storm.hooks.BaseTaskHook;
import org.apache.storm.task.TopologyContext;

/**
 * Publishes each component's compression counters as Storm v2 metrics (gauges named {@code fluxext.compression.*}).
 * Listed in {@code topology.auto.task.hooks}, it runs for every task; only the component's lowest task in the
 * worker registers the gauges, because the counters are per component, not per task: registering them for every
 * task would count them once per task.
 */
public final class CompressionMetricsHook extends BaseTaskHook {

    static final String METRIC_PREFIX = "fluxext.compression.";

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        TaskDirectory.register(context.getStormId(), context.getTaskToComponent());
        String component = context.getThisComponentId();
        Object id = conf.get(CompressionSetup.COMPONENT_ID_KEY);
        String counterKey = id == null ? component : id.toString();
        List<Integer> here = new ArrayList<>(context.getComponentTasks(component));
        here.retainAll(context.getThisWorkerTasks());
        if (here.isEmpty() || context.getThisTaskId() != here.stream().mapToInt(Integer::intValue).min().getAsInt()) {
            return;
        }
        ComponentCounters c = CompressionMetrics.counters(counterKey);
        gauge(context, "tuplesCompressed", c, ComponentCounters::tuplesCompressed);
        gauge(context, "tuplesRaw", c, ComponentCounters::tuplesRaw);
        gauge(context, "bytesIn", c, ComponentCounters::bytesIn);
        gauge(context, "bytesOut", c, ComponentCounters::bytesOut);
        gauge(context, "rejected", c, ComponentCounters::rejectedCount);
        gauge(context, "nanos", c, ComponentCounters::nanos);
    }

    private static void gauge(TopologyContext context, String name, ComponentCounters c,
                              ToLongFunction<ComponentCounters> read) {
        context.registerGauge(METRIC_PREFIX + name, () -> read.applyAsLong(c));
    }
}
