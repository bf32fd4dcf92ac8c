package dev.fluxext.compression.storm;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.FiguresLog;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.task.WorkerTopologyContext;
import org.apache.storm.utils.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A messaging transport that wraps the real one (named by {@link #DELEGATE_KEY}, Netty by default) so that no message
 * a peer sends ends the worker: each message's header is checked ({@link TupleHeaderCheck}) before Storm reads it,
 * and a rejected values frame costs only its own tuple. Storm 2.8's receiving worker deserializes a whole batch before handing
 * it on, and a deserialization error escapes to the Netty handler, which drops the batch and closes the
 * connection. Here the batch is handed to Storm as usual; only if a frame in it is rejected is the batch handed
 * again message by message, skipping the bad ones (nothing of a failed batch has been delivered yet: Storm
 * transfers a batch only after every message in it deserialized).
 *
 * <p>On the send side it counts each tuple the transport takes to send, per sending component: the compression
 * figures of {@link dev.fluxext.compression.metrics.CompressionMetrics} (the serializer counts only time).
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
        TupleHeaderCheck headers = null;
        if (context.isPresent()) {
            TopologyShape shape = TopologyShape.of(context.get());
            TaskDirectory.register(stormId, shape);
            headers = TupleHeaderCheck.of(context.get(), shape);
        }
        if (metricRegistry != null && context.orElse(null) instanceof WorkerTopologyContext worker) {
            ComponentGauges.register(metricRegistry, worker);
        }
        if (headers == null) {
            LOG.warn("Receive callback {} is not Storm's: tuple headers are not checked", cb.getClass().getName());
        }
        return delegate.bind(stormId, port, new GuardedCallback(cb, stormId, headers), newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        return new CountingConnection(stormId, host + ":" + port, delegate.connect(stormId, host, port,
                remoteBpStatus));
    }

    /**
     * Counts each tuple as the transport takes it to send (see {@link WireCounter}): the one place a tuple passes
     * once per remote target, however often Storm serialized it while the transfer queue was full. Also keeps the
     * worker alive when the load figures the other end sent cannot be read.
     */
    static final class CountingConnection extends ForwardingConnection {
        private final WireCounter counter;
        private final String peer;
        /** Whether the last load lookup failed: a bad set of figures stays until the server sends the next one. */
        private boolean loadUnreadable;

        CountingConnection(String stormId, String peer, IConnection connection) {
            super(connection);
            this.counter = new WireCounter(stormId);
            this.peer = peer;
        }

        /**
         * Storm's client keeps the server's load figures as they were read off the wire and casts them only here,
         * on the worker's timer thread, where an exception ends the worker: figures that are not a map of tasks to
         * Doubles count as none (the load-aware grouping then knows no load for those tasks).
         */
        @Override
        public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
            try {
                Map<Integer, Load> load = connection.getLoad(tasks);
                loadUnreadable = false;
                return load;
            } catch (RuntimeException e) {
                if (!loadUnreadable) {
                    loadUnreadable = true;
                    CompressionMetrics.forRejection(CompressionMetrics.UNKNOWN_SENDER).rejected();
                    RejectLog.record("load figures from " + peer, "unreadable, taken as none: " + e);
                }
                return Map.of();
            }
        }

        @Override
        public void send(Iterator<TaskMessage> msgs) {
            // Counted as the transport pulls each message, so a transport that takes messages lazily is not upset;
            // published once the batch is sent (what a lazy transport pulls later goes with the next batch).
            try {
                sendCounting(msgs);
            } finally {
                counter.flush();
            }
        }

        private void sendCounting(Iterator<TaskMessage> msgs) {
            connection.send(new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return msgs.hasNext();
                }

                @Override
                public TaskMessage next() {
                    TaskMessage message = msgs.next();
                    counter.count(message.message());
                    return message;
                }
            });
        }
    }

    /**
     * Checks each message's header ({@link TupleHeaderCheck}) and drops the bad ones before Storm reads anything;
     * hands the rest on whole; on a frame the serializer rejects, message by message without the bad ones.
     */
    static final class GuardedCallback implements IConnectionCallback {
        private final IConnectionCallback cb;
        private final TupleHeaderCheck headers;
        private final String stormId;

        /** @param headers null to hand every message on unchecked (a callback that is not Storm's) */
        GuardedCallback(IConnectionCallback cb, String stormId, TupleHeaderCheck headers) {
            this.cb = cb;
            this.stormId = stormId;
            this.headers = headers;
        }

        @Override
        public void recv(List<TaskMessage> batch) {
            List<TaskMessage> good = headers == null ? batch : checked(batch);
            if (good.isEmpty()) {
                return;
            }
            StreamFields.receiving(true); // no lambda: nothing allocated per batch
            try {
                hand(good);
            } finally {
                StreamFields.receiving(false);
            }
        }

        /** Storm's deserializer builds every tuple before it hands any on: a rejected batch can go again. */
        private void hand(List<TaskMessage> good) {
            try {
                cb.recv(good);
                return;
            } catch (FrameRejectedException e) {
                if (good.size() == 1) {
                    return; // counted and logged by the serializer
                }
            }
            for (TaskMessage message : good) {
                try {
                    cb.recv(List.of(message));
                } catch (FrameRejectedException e) {
                    // counted and logged by the serializer; the other messages go on
                }
            }
        }

        /** {@code batch} itself if every header is good (no copy on the common path), else the good messages. */
        private List<TaskMessage> checked(List<TaskMessage> batch) {
            List<TaskMessage> good = null;
            for (int i = 0; i < batch.size(); i++) {
                TaskMessage message = batch.get(i);
                String problem = headers.problem(message.task(), message.message());
                if (problem != null) {
                    if (good == null) {
                        good = new ArrayList<>(batch.subList(0, i));
                    }
                    String sender = TaskDirectory.senderOf(stormId, message.message());
                    CompressionMetrics.forRejection(sender).rejected();
                    RejectLog.record(sender, problem);
                } else if (good != null) {
                    good.add(message);
                }
            }
            return good == null ? batch : good;
        }
    }
}
