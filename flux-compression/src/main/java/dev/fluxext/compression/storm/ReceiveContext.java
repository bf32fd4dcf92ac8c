package dev.fluxext.compression.storm;

import java.lang.reflect.Field;
import java.util.Optional;
import org.apache.storm.messaging.DeserializingConnectionCallback;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * The one place this module reads a Storm internal: the topology context of the callback a worker binds its
 * transport with. Storm 2.8 hands a transport nothing else that knows the worker's tasks and streams, and the task
 * hooks that do run only once executors start, after the worker already receives messages.
 */
final class ReceiveContext {

    private ReceiveContext() {
    }

    static Optional<GeneralTopologyContext> of(IConnectionCallback cb) {
        if (!(cb instanceof DeserializingConnectionCallback)) {
            return Optional.empty();
        }
        try {
            Field field = DeserializingConnectionCallback.class.getDeclaredField("context");
            field.setAccessible(true);
            return Optional.ofNullable((GeneralTopologyContext) field.get(cb));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
