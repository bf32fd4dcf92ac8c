package dev.fluxext.compression.batch;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.guard.RejectLog;
import dev.fluxext.compression.metrics.BatchCounters;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.FiguresLog;
import dev.fluxext.compression.storm.StormLines;
import dev.fluxext.compression.wire.ForwardingConnection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.utils.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A messaging transport that sends each bundle of messages a worker hands a connection as one compressed frame
 * (see {@link BatchFormat}), so repeats across small tuples shrink too. It wraps the real transport (named by
 * {@link BatchCompressionOptions#DELEGATE_KEY}, Netty by default): connections, SASL, backpressure and load metrics
 * stay the delegate's. A receiving worker unpacks frames before Storm sees them; a frame that is rejected costs its
 * own messages only (counted and logged), the rest of what arrived is delivered and the connection stays up.
 */
public final class BatchCompressionContext implements IContext {

    public static final String DEFAULT_DELEGATE = "org.apache.storm.messaging.netty.Context";
    private static final Logger LOG = LoggerFactory.getLogger(BatchCompressionContext.class);

    private IContext delegate;
    private BatchSettings settings;
    private ThreadLocal<BatchReader> readers;

    @Override
    @SuppressWarnings("deprecation")
    public void prepare(Map<String, Object> topoConf) {
        init(topoConf);
        delegate.prepare(topoConf);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, StormMetricRegistry metricRegistry) {
        init(topoConf);
        delegate.prepare(topoConf, metricRegistry);
        FiguresLog.registerGauges(metricRegistry);
    }

    private void init(Map<String, Object> topoConf) {
        StormLines.requireSupportedWorker();
        settings = BatchSettings.fromConf(topoConf);
        BatchSettings s = settings;
        readers = ThreadLocal.withInitial(() -> new BatchReader(s));
        Object name = topoConf.getOrDefault(BatchCompressionOptions.DELEGATE_KEY, DEFAULT_DELEGATE);
        if (getClass().getName().equals(name)) {
            throw new IllegalArgumentException(BatchCompressionOptions.DELEGATE_KEY
                    + " must name the transport to wrap, not " + name);
        }
        delegate = ReflectionUtils.newInstance(name.toString());
        if (settings.frames() != FrameSharing.SHARED) {
            // What `frames: auto` became is worth a line: it decides what an observer of frame sizes can learn.
            LOG.info("batch transport: {} frames ({})", settings.frames().name().toLowerCase(Locale.ROOT)
                    .replace('_', '-'), settings.frames() == FrameSharing.PER_SOURCE
                    ? "each source task's tuples compressed apart from other tasks'" : "each message compressed alone");
        }
        FiguresLog.start(settings.logIntervalSecs());
    }

    @Override
    public void term() {
        delegate.term();
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        return delegate.bind(stormId, port, new UnpackingCallback(cb, readers, "-> :" + port), newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        String name = "-> " + host + ":" + port;
        BatchCounters counters = BatchMetrics.counters(name);
        LinkState link = settings.onlyWhenBacklogged() && settings.codec() != null
                ? LinkWatch.worker().watch(host, port, name) : LinkState.ALWAYS;
        return new BatchingConnection(delegate.connect(stormId, host, port, remoteBpStatus),
                new BatchWriter(settings, counters), counters, link, settings.frames());
    }

    /**
     * Sends each bundle it is handed as frames of at most {@code maxBatchBytes}, compressed, while its link binds
     * ({@link LinkState}); while the link keeps up, it passes every message on as Storm sent it.
     */
    static final class BatchingConnection extends ForwardingConnection {
        private final BatchWriter writer;
        private final BatchCounters counters;
        private final LinkState link;
        private final FrameSharing sharing;
        private final List<TaskMessage> out = new ArrayList<>();
        /** Per source task, the messages of a bundle that go {@link FrameSharing#PER_SOURCE}; reused. */
        private final Map<Integer, List<TaskMessage>> bySource = new LinkedHashMap<>();
        /** Wire bytes and count of the messages framed in the current {@link #send}. */
        private long before;
        private int count;

        BatchingConnection(IConnection connection, BatchWriter writer, BatchCounters counters, LinkState link) {
            this(connection, writer, counters, link, FrameSharing.SHARED);
        }

        BatchingConnection(IConnection connection, BatchWriter writer, BatchCounters counters, LinkState link,
                           FrameSharing sharing) {
            super(connection);
            this.writer = writer;
            this.counters = counters;
            this.link = link;
            this.sharing = sharing;
        }

        @Override
        public void close() {
            LinkWatch.worker().forget(link);
            super.close();
        }

        @Override
        public synchronized void send(Iterator<TaskMessage> msgs) {
            if (link.binds()) { // one decision for the whole bundle
                sendFrames(msgs);
            } else {
                sendAsIs(msgs);
            }
        }

        private void sendFrames(Iterator<TaskMessage> msgs) {
            long start = System.nanoTime();
            before = 0;
            count = 0;
            if (sharing == FrameSharing.PER_SOURCE) {
                // Storm keeps order only between a pair of tasks; each source's messages keep theirs.
                while (msgs.hasNext()) {
                    TaskMessage message = msgs.next();
                    bySource.computeIfAbsent(FrameSharing.sourceTask(message.message()), t -> new ArrayList<>())
                        .add(message);
                }
                for (Map.Entry<Integer, List<TaskMessage>> source : bySource.entrySet()) {
                    // A payload without a source task is no tuple Storm wrote: it shares no frame either.
                    pack(source.getValue().iterator(), source.getKey() < 0);
                }
                bySource.clear();
            } else {
                pack(msgs, sharing == FrameSharing.PER_MESSAGE);
            }
            long after = 0;
            int frames = 0;
            for (TaskMessage m : out) {
                if (m.task() == BatchFormat.BATCH_TASK) {
                    after += BatchWriter.NETTY_HEADER + m.message().length;
                    frames++;
                }
            }
            if (frames > 0) {
                counters.sent(frames, count, before, after, System.nanoTime() - start);
            }
            sendOut();
        }

        /** Frames {@code msgs} into {@link #out} in order: as many to a frame as fit, or {@code eachAlone}. */
        private void pack(Iterator<TaskMessage> msgs, boolean eachAlone) {
            while (msgs.hasNext()) {
                TaskMessage message = msgs.next();
                boolean alone = writer.tooBig(message);
                if (!writer.isEmpty() && (alone || !writer.fits(message))) {
                    flush(); // first, so that messages keep their order
                }
                if (alone) {
                    out.add(message); // too big for a bundle: the receiver passes it on
                } else {
                    writer.add(message);
                    if (eachAlone) {
                        flush();
                    }
                }
            }
            if (!writer.isEmpty()) {
                flush();
            }
        }

        private void flush() {
            before += writer.bytesBefore();
            count += writer.count();
            out.add(writer.finish());
        }

        /**
         * While the link keeps up, a bundle sent raw would only copy each message in and out again (five copies of
         * each byte on its way instead of Netty's two): measured at steady state on 2 cores
         * (docs/compression.md#measured), passing messages on acked 0.98x-1.08x raw's rate where raw bundles acked
         * 0.88x-0.89x. Each message counts as a frame sent raw without the codec.
         */
        private void sendAsIs(Iterator<TaskMessage> msgs) {
            long start = System.nanoTime();
            long bytes = 0;
            while (msgs.hasNext()) {
                TaskMessage message = msgs.next();
                out.add(message);
                bytes += BatchWriter.NETTY_HEADER + (message.message() == null ? 0 : message.message().length);
            }
            if (!out.isEmpty()) {
                counters.sent(out.size(), out.size(), bytes, bytes, System.nanoTime() - start);
                counters.skipped(out.size());
            }
            sendOut();
        }

        private void sendOut() {
            try {
                connection.send(out.iterator());
            } finally {
                out.clear();
            }
        }
    }

    /** Replaces each bundle frame by its messages; a rejected frame is dropped, counted and logged. */
    static final class UnpackingCallback implements IConnectionCallback {
        private final IConnectionCallback cb;
        private final ThreadLocal<BatchReader> readers;
        private final BatchCounters counters;
        private final String name;

        UnpackingCallback(IConnectionCallback cb, ThreadLocal<BatchReader> readers, String name) {
            this.name = name;
            this.cb = cb;
            this.readers = readers;
            this.counters = BatchMetrics.counters(name);
        }

        @Override
        public void recv(List<TaskMessage> batch) {
            if (!holdsFrame(batch)) {
                // What a sender passed on unbundled (its link keeps up): handed on as Netty delivered it, no copy.
                if (!batch.isEmpty()) {
                    cb.recv(batch);
                }
                return;
            }
            List<TaskMessage> messages = new ArrayList<>(batch.size() * 8);
            BatchReader reader = readers.get();
            for (TaskMessage message : batch) {
                if (message.task() != BatchFormat.BATCH_TASK) {
                    messages.add(message);
                    continue;
                }
                try {
                    reader.read(message.message(), messages);
                } catch (FrameRejectedException e) {
                    counters.rejected();
                    RejectLog.record(name, "batch frame: " + e.getMessage());
                }
            }
            if (!messages.isEmpty()) {
                cb.recv(messages);
            }
        }

        private static boolean holdsFrame(List<TaskMessage> batch) {
            for (int i = 0; i < batch.size(); i++) {
                if (batch.get(i).task() == BatchFormat.BATCH_TASK) {
                    return true;
                }
            }
            return false;
        }
    }
}
