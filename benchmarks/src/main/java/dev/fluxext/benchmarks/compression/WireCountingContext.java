package dev.fluxext.benchmarks.compression;

import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;

/**
 * A transport that only counts what would go on the wire (Netty's 6-byte message header plus the payload): the
 * delegate under the batch transport in {@link BatchBenchmark}, where the sockets would only add noise.
 */
public final class WireCountingContext implements IContext {

    /** Netty's per-message header: short task id, int length. */
    static final int NETTY_HEADER = 6;
    /** The connection {@link #connect} made last (the benchmark makes one per trial and thread). */
    static volatile Counting last;

    @Override
    @SuppressWarnings("deprecation")
    public void prepare(Map<String, Object> topoConf) {
    }

    @Override
    public void term() {
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        return new Counting(); // the guard binds once to learn the worker's tasks; nothing is received here
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        Counting connection = new Counting();
        last = connection;
        return connection;
    }

    /** Sums the wire bytes of every message sent, pulling each from the iterator as Storm's Netty client does. */
    public static final class Counting implements IConnection {
        long wireBytes;
        long messages;

        public long wireBytes() {
            return wireBytes;
        }

        @Override
        public void send(Iterator<TaskMessage> msgs) {
            while (msgs.hasNext()) {
                TaskMessage m = msgs.next();
                wireBytes += NETTY_HEADER + m.message().length;
                messages++;
            }
        }

        @Override
        public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
        }

        @Override
        public void sendBackPressureStatus(BackPressureStatus bpStatus) {
        }

        @Override
        public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
            return Map.of();
        }

        @Override
        public int getPort() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
