package dev.fluxext.transport;

import java.util.List;
import java.util.Optional;

/**
 * The YAML {@code transport:} block, defined once: each friendly key and the Storm config key it sets.
 * Value types and ranges come from Storm's own validator annotations on {@code org.apache.storm.Config}
 * (so the checker and the generated schema agree with Storm).
 */
public final class TransportOptions {

    /** {@code type}: {@code netty} or the class name of an {@code org.apache.storm.messaging.IContext}. */
    public static final String TYPE = "type";
    /** {@code compression}: batch compression of what workers exchange (settings: {@code BatchCompressionOptions}). */
    public static final String COMPRESSION = "compression";
    /** {@code guard}: whether each worker checks every message it receives before Storm reads it. */
    public static final String GUARD = "guard";
    /** {@code tls}: worker-to-worker mutual TLS (the block's keys: {@code Language.TLS}). */
    public static final String TLS = "tls";
    public static final String TRANSPORT_KEY = "storm.messaging.transport";
    public static final String NETTY = "netty";
    public static final String NETTY_CONTEXT = "org.apache.storm.messaging.netty.Context";

    /**
     * What {@code type} accepts besides {@code netty}: a fully qualified class name, checker and schema alike (ASCII
     * only: editors' JSON Schema patterns have no Unicode classes; the loader then checks that the class exists).
     */
    public static final java.util.regex.Pattern CLASS_NAME =
            java.util.regex.Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+");
    /** The problem with any other {@code type}, in the checker's and the schema's words. */
    public static final String TYPE_PROBLEM = "must be netty or a fully qualified class name implementing "
            + "org.apache.storm.messaging.IContext";

    /** A Netty tuning key: its name in YAML, the Storm config key it sets, and an example value. */
    public record NettyKey(String yamlName, String stormKey, String description, String example) {
    }

    public static final List<NettyKey> NETTY_KEYS = List.of(
            new NettyKey("bufferSize", "storm.messaging.netty.buffer_size",
                    "Size in bytes of the Netty send and receive buffers.", "5242880"),
            new NettyKey("serverWorkerThreads", "storm.messaging.netty.server_worker_threads",
                    "Netty server threads per worker.", "1"),
            new NettyKey("clientWorkerThreads", "storm.messaging.netty.client_worker_threads",
                    "Netty client threads per worker.", "1"),
            new NettyKey("minWaitMs", "storm.messaging.netty.min_wait_ms",
                    "Shortest wait between reconnection attempts, in milliseconds.", "100"),
            new NettyKey("maxWaitMs", "storm.messaging.netty.max_wait_ms",
                    "Longest wait between reconnection attempts, in milliseconds.", "1000"),
            new NettyKey("transferBatchSize", "storm.messaging.netty.transfer.batch.size",
                    "Bytes batched into one Netty message before it is flushed.", "262144"),
            new NettyKey("socketBacklog", "storm.messaging.netty.socket.backlog",
                    "Backlog of pending connections on the Netty server socket.", "500"),
            new NettyKey("highWatermark", "storm.messaging.netty.buffer.high.watermark",
                    "Bytes queued in a Netty channel above which the client stops writing.", "16777216"),
            new NettyKey("lowWatermark", "storm.messaging.netty.buffer.low.watermark",
                    "Bytes queued in a Netty channel below which the client resumes writing.", "8388608"),
            new NettyKey("authentication", "storm.messaging.netty.authentication",
                    "Authenticate Netty connections between workers with the topology's shared secret.", "false"));

    private TransportOptions() {
    }

    public static Optional<NettyKey> byYamlName(String name) {
        return NETTY_KEYS.stream().filter(k -> k.yamlName().equals(name)).findFirst();
    }
}
