package dev.fluxext.compression.storm;

import dev.fluxext.compression.frame.FrameRejectedException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.apache.storm.utils.ReflectionUtils;

/**
 * A messaging transport that wraps the real one (named by {@link #DELEGATE_KEY}, Netty by default) so that a
 * rejected frame costs only its own tuple. Storm 2.8's receiving worker deserializes a whole batch before handing
 * it on, and a deserialization error escapes to the Netty handler, which drops the batch and closes the
 * connection. Here the batch is handed to Storm as usual; only if a frame in it is rejected is the batch handed
 * again message by message, skipping the bad ones (nothing of a failed batch has been delivered yet: Storm
 * transfers a batch only after every message in it deserialized).
 */
public final class FrameGuardContext implements IContext {

    /** The transport class this one wraps; {@code enable} moves an already configured transport here. */
    public static final String DELEGATE_KEY = "fluxext.compression.transport.delegate";
    public static final String DEFAULT_DELEGATE = "org.apache.storm.messaging.netty.Context";

    private IContext delegate;

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
    }

    private static IContext create(Map<String, Object> topoConf) {
        Object name = topoConf.getOrDefault(DELEGATE_KEY, DEFAULT_DELEGATE);
        if (FrameGuardContext.class.getName().equals(name)) {
            throw new IllegalArgumentException(DELEGATE_KEY + " must name the transport to wrap, not "
                    + FrameGuardContext.class.getName());
        }
        return ReflectionUtils.newInstance(name.toString());
    }

    @Override
    public void term() {
        delegate.term();
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        return delegate.bind(stormId, port, new GuardedCallback(cb), newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        return delegate.connect(stormId, host, port, remoteBpStatus);
    }

    /** Hands batches on whole; on a rejected frame, message by message without the bad ones. */
    static final class GuardedCallback implements IConnectionCallback {
        private final IConnectionCallback cb;

        GuardedCallback(IConnectionCallback cb) {
            this.cb = cb;
        }

        @Override
        public void recv(List<TaskMessage> batch) {
            try {
                cb.recv(batch);
                return;
            } catch (FrameRejectedException e) {
                if (batch.size() == 1) {
                    return; // counted and logged by the serializer
                }
            }
            for (TaskMessage message : batch) {
                try {
                    cb.recv(List.of(message));
                } catch (FrameRejectedException e) {
                    // counted and logged by the serializer; the other messages go on
                }
            }
        }
    }
}
