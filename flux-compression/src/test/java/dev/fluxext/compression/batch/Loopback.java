package dev.fluxext.compression.batch;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.metrics.BatchCounters;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.wire.StubConnection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.TaskMessage;

/**
 * A sending connection wired straight to a receiving callback, as Netty would deliver what was sent (one
 * {@code recv} per {@code send}): the batch transport's two halves without sockets. Always ready, as a
 * connection without a status is to Storm.
 */
final class Loopback extends StubConnection {

    final List<TaskMessage> wire = new ArrayList<>();
    /** What each {@code recv} got from the wire, and what the receiver handed Storm. */
    final List<List<TaskMessage>> arrived = new ArrayList<>();
    final List<List<TaskMessage>> delivered = new ArrayList<>();
    final BatchCompressionContext.BatchingConnection sender;
    final BatchCompressionContext.UnpackingCallback receiver;

    /** A sender that compresses whatever its link does ({@code when: always}), with these transport settings. */
    Loopback(Object... settings) {
        this(LinkState.ALWAYS, settings);
    }

    /** A sender whose link is judged by {@code link}. */
    Loopback(LinkState link, Object... settings) {
        this(Map.of(), link, settings);
    }

    /**
     * The two halves in a topology whose config is {@code topologyConf} (e.g. its tuple serializer), compressing
     * whatever the link does, with these transport settings.
     */
    static Loopback inTopology(Map<String, Object> topologyConf, Object... settings) {
        return new Loopback(topologyConf, LinkState.ALWAYS, settings);
    }

    private Loopback(Map<String, Object> topologyConf, LinkState link, Object... settings) {
        super(Status.Ready);
        Map<String, Object> conf = new HashMap<>(topologyConf);
        for (int i = 0; i < settings.length; i += 2) {
            conf.put(BatchCompressionOptions.PREFIX + settings[i], settings[i + 1]);
        }
        BatchSettings s = BatchSettings.fromConf(conf);
        BatchMetrics.reset();
        IConnectionCallback storm = delivered::add;
        receiver = new BatchCompressionContext.UnpackingCallback(storm, ThreadLocal.withInitial(() -> new BatchReader(s)),
                "-> :1");
        BatchCounters counters = BatchMetrics.counters("-> peer");
        sender = new BatchCompressionContext.BatchingConnection(this, new BatchWriter(s, counters), counters, link,
                s.frames());
    }

    /** Everything the receiving worker handed Storm, in order. */
    List<TaskMessage> received() {
        return delivered.stream().flatMap(List::stream).toList();
    }

    @Override
    public void send(Iterator<TaskMessage> msgs) {
        List<TaskMessage> sent = new ArrayList<>();
        msgs.forEachRemaining(sent::add);
        wire.addAll(sent);
        arrived.add(sent);
        receiver.recv(sent);
    }
}
