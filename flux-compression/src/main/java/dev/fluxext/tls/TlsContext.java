package dev.fluxext.tls;

import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.utils.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Worker-to-worker mutual TLS with Storm's own Netty TLS, without the password in the topology config: on
 * {@code prepare} the worker reads the password itself (its environment variable or a file on its host, named by
 * {@link TlsKeys#PASSWORD_ENV} or {@link TlsKeys#PASSWORD_FILE}) and hands the wrapped transport (named by
 * {@link TlsKeys#DELEGATE}, Storm's Netty by default) a copy of the config with Storm's password keys filled in.
 * It also switches off Storm 2.8's host name check (see {@link TlsKeys#ENDPOINT_CHECK_PROPERTY}) before Storm's
 * Netty builds its first SSL context, and has failed handshakes counted ({@link TlsFailures}), the counts
 * registered as the worker's gauges ({@link TlsGauges}).
 */
public final class TlsContext implements IContext {

    public static final String DEFAULT_DELEGATE = "org.apache.storm.messaging.netty.Context";
    private static final Logger LOG = LoggerFactory.getLogger(TlsContext.class);

    private IContext delegate;

    @Override
    @SuppressWarnings("deprecation")
    public void prepare(Map<String, Object> topoConf) {
        Map<String, Object> withPasswords = init(topoConf);
        delegate.prepare(withPasswords);
    }

    @Override
    public void prepare(Map<String, Object> topoConf, StormMetricRegistry metricRegistry) {
        Map<String, Object> withPasswords = init(topoConf);
        delegate.prepare(withPasswords, metricRegistry);
        if (metricRegistry != null) {
            TlsGauges.register(metricRegistry);
        }
    }

    private Map<String, Object> init(Map<String, Object> topoConf) {
        Object name = topoConf.getOrDefault(TlsKeys.DELEGATE, DEFAULT_DELEGATE);
        if (getClass().getName().equals(name)) {
            throw new IllegalArgumentException(TlsKeys.DELEGATE + " must name the transport to wrap, not " + name);
        }
        TlsKeys.pathProblem(topoConf).ifPresent(problem -> {
            throw new IllegalArgumentException("worker TLS: " + problem);
        });
        Map<String, Object> withPasswords = TlsKeys.forStorm(topoConf, TlsKeys.password(topoConf, System.getenv()));
        // Before Storm's Netty reads it (its SslUtils, when the first SSL context is built): see the key's comment.
        TlsKeys.noHostNameCheckInThisJvm();
        TlsEngine engine = TlsEngine.choose(topoConf.get(TlsKeys.ENGINE));
        TlsFailures.watch();
        delegate = ReflectionUtils.newInstance(name.toString());
        LOG.info("worker TLS: engine {}, protocols {}, keystore {}, truststore {}, password from {}; a peer is "
                        + "accepted if its certificate chains to the truststore (no host name check)",
                engine.description(), topoConf.getOrDefault(TlsKeys.PROTOCOLS, "TLSv1.3"), topoConf.get(TlsKeys.KEYSTORE),
                topoConf.get(TlsKeys.TRUSTSTORE), topoConf.containsKey(TlsKeys.PASSWORD_ENV)
                        ? "environment variable " + topoConf.get(TlsKeys.PASSWORD_ENV)
                        : "file " + topoConf.get(TlsKeys.PASSWORD_FILE));
        TlsKeys.passwordFileOpenToOthers(topoConf).ifPresent(problem -> LOG.warn("worker TLS: {}", problem));
        return withPasswords;
    }

    @Override
    public void term() {
        delegate.term();
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        return delegate.bind(stormId, port, cb, newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        return delegate.connect(stormId, host, port, remoteBpStatus);
    }
}
