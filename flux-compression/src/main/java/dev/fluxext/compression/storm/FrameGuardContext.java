package dev.fluxext.compression.storm;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.guard.GuardedCallback;
import dev.fluxext.compression.metrics.FiguresLog;
import dev.fluxext.compression.wire.ComponentGauges;
import dev.fluxext.compression.wire.CountingConnection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.task.WorkerTopologyContext;
import org.apache.storm.utils.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A messaging transport that wraps the real one (named by {@link #DELEGATE_KEY}, Netty by default) so that no message
 * a peer sends ends the worker: the adapter between Storm's messaging and the receive guard. Storm's config names it
 * ({@code storm.messaging.transport}, set by {@link CompressionSetup#enable}), so it stays in this package; the
 * guard's checks are in {@code dev.fluxext.compression.guard}, the counting of what is sent in
 * {@code dev.fluxext.compression.wire}.
 *
 * <p>On receipt, {@link GuardedCallback} checks each message's header before Storm reads it, and a rejected values
 * frame costs only its own tuple. Storm 2.8's receiving worker deserializes a whole batch before handing it on, and a
 * deserialization error escapes to the Netty handler, which drops the batch and closes the connection. Here the
 * batch is handed to Storm as usual; only if a frame in it is rejected is the batch handed again message by message,
 * skipping the bad ones (nothing of a failed batch has been delivered yet: Storm transfers a batch only after every
 * message in it deserialized).
 *
 * <p>On the send side its {@link CountingConnection} counts each tuple the transport takes to send, per sending
 * component: the compression figures of {@link dev.fluxext.compression.metrics.CompressionMetrics} (the serializer
 * counts only time).
 */
public final class FrameGuardContext implements IContext {

    /** The transport class this one wraps; {@code enable} moves an already configured transport here. */
    public static final String DELEGATE_KEY = "fluxext.compression.transport.delegate";
    public static final String DEFAULT_DELEGATE = "org.apache.storm.messaging.netty.Context";

    private static final Logger LOG = LoggerFactory.getLogger(FrameGuardContext.class);
    private IContext delegate;
    /** The worker's, for the per-component gauges; null when Storm prepares the transport without one. */
    private StormMetricRegistry metricRegistry;

    @Override
    @SuppressWarnings("deprecation")
    public void prepare(Map<String, Object> topoConf) {
        delegate = create(topoConf);
        delegate.prepare(topoConf);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, StormMetricRegistry metricRegistry) {
        delegate = create(topoConf);
        delegate.prepare(topoConf, metricRegistry);
        this.metricRegistry = metricRegistry;
    }

    private static IContext create(Map<String, Object> topoConf) {
        StormLines.requireSupportedWorker();
        Object name = topoConf.getOrDefault(DELEGATE_KEY, DEFAULT_DELEGATE);
        if (FrameGuardContext.class.getName().equals(name)) {
            throw new IllegalArgumentException(DELEGATE_KEY + " must name the transport to wrap, not "
                    + FrameGuardContext.class.getName());
        }
        // The per-tuple figures get the same worker-log line as the batch ones: visible on a cluster by default.
        Object interval = topoConf.get(BatchCompressionOptions.LOG_INTERVAL_SECS.key());
        FiguresLog.start(interval instanceof Number n ? n.intValue()
                : (Integer) BatchCompressionOptions.LOG_INTERVAL_SECS.defaultValue());
        return ReflectionUtils.newInstance(name.toString());
    }

    @Override
    public void term() {
        delegate.term();
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        // A worker binds once, before its executors start and before anything arrives: the place to learn its
        // tasks, for charging tuples to components and for the gauges.
        Optional<GeneralTopologyContext> context = ReceiveContext.of(cb);
        GuardedCallback guarded = GuardedCallback.of(cb, stormId, context.orElse(null));
        if (metricRegistry != null && context.orElse(null) instanceof WorkerTopologyContext worker) {
            ComponentGauges.register(metricRegistry, worker);
        }
        if (context.isEmpty()) {
            LOG.warn("Receive callback {} is not Storm's: tuple headers are not checked", cb.getClass().getName());
        }
        return delegate.bind(stormId, port, guarded, newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        return new CountingConnection(stormId, host + ":" + port, delegate.connect(stormId, host, port,
                remoteBpStatus));
    }
}
