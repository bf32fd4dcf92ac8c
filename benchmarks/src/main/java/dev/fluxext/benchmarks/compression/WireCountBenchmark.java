package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.storm.FrameGuardContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.storm.messaging.DeserializingConnectionCallback;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.utils.Utils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The sending worker's cost per message of the guard's send half (the connection {@link FrameGuardContext#connect} returns: each
 * tuple counted for its component as the transport pulls it), on the worker's transfer thread: a bundle of
 * {@value #BUNDLE} tuple messages handed to a connection that pulls them as Storm's Netty client does, with and
 * without the counting wrapper. Nanoseconds per message. Reached through the guard's public transport, as a worker reaches it.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class WireCountBenchmark {

    public static final int BUNDLE = 100;
    static final String STORM_ID = "bench-1-1";

    @State(Scope.Thread)
    public static class Sender {
        @Param({"false", "true"})
        public boolean counting;

        IConnection connection;
        WireCountingContext.Counting netty;
        List<TaskMessage> bundle;

        @Setup
        public void setUp() {
            Map<String, Object> conf = Utils.readDefaultConfig();
            conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
            conf.put(FrameGuardContext.DELEGATE_KEY, WireCountingContext.class.getName());
            bundle = new ArrayList<>(BUNDLE);
            for (int i = 0; i < BUNDLE; i++) {
                // Storm's layout: source task 7, stream 1, one anchor (16 bytes), then 200 B of raw values.
                byte[] message = new byte[3 + 16 + 200];
                message[0] = 7;
                message[1] = 1;
                message[2] = 1;
                Arrays.fill(message, 3, 19, (byte) i);
                message[19] = 1; // one value
                bundle.add(new TaskMessage(8, message));
            }
            if (counting) {
                // As in a worker: bind learns the tasks (whose component each tuple is charged to), connect wraps.
                FrameGuardContext guard = new FrameGuardContext();
                prepare(guard, conf);
                guard.bind(STORM_ID, 0, new DeserializingConnectionCallback(conf,
                        ReceiveGuardBenchmark.context(conf), tuples -> { }), null);
                connection = guard.connect(STORM_ID, "peer", 1, null);
                netty = WireCountingContext.last;
            } else {
                netty = new WireCountingContext.Counting();
                connection = netty;
            }
        }
    }

    @SuppressWarnings("deprecation")
    private static void prepare(IContext context, Map<String, Object> conf) {
        context.prepare(conf);
    }

    @Benchmark
    @OperationsPerInvocation(BUNDLE)
    public long sendBundle(Sender s) {
        s.connection.send(s.bundle.iterator());
        return s.netty.wireBytes();
    }
}
