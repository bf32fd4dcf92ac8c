package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.compression.storm.FrameGuardContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.messaging.DeserializingConnectionCallback;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.serialization.KryoTupleSerializer;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.tuple.Values;
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
 * The receiving worker's cost per tuple of the receive guard, at steady state: a bundle of {@value #BUNDLE}
 * serialized, anchored tuples handed to Storm's own receive callback ({@code DeserializingConnectionCallback}, which
 * deserializes each), either as stock Storm does (Storm's values serializer, no guard) or through
 * {@link FrameGuardContext} with the values serializer fluxext installs with the guard (header check, one more byte per
 * tuple, every length bounded). Nanoseconds per tuple.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ReceiveGuardBenchmark {

    public static final int BUNDLE = 50;
    static final String SPOUT = "source";
    static final int SPOUT_TASK = 7;
    static final String SINK = "sink";
    static final int SINK_TASK = 8;

    @State(Scope.Thread)
    public static class Receiver {
        @Param({"false", "true"})
        public boolean guard;

        @Param({"JSON_200B", "PROSE_1500B"})
        public Payload payload;

        IConnectionCallback callback;
        List<TaskMessage> bundle;
        long delivered;

        @Setup
        public void setUp() {
            Map<String, Object> conf = Utils.readDefaultConfig();
            conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
            if (guard) {
                CompressionSetup.enable(conf, Map.of()); // what a guarded transport: block wires
                conf.put(Config.STORM_ID, "bench-1-1"); // as in a worker: the values are checked against the stream
                conf.put(FrameGuardContext.DELEGATE_KEY, Capturing.class.getName());
            }
            GeneralTopologyContext context = context(conf);
            KryoTupleSerializer sender = new KryoTupleSerializer(conf, context);
            List<String> texts = payload.load();
            bundle = new ArrayList<>(BUNDLE);
            for (int i = 0; i < BUNDLE; i++) {
                TupleImpl tuple = new TupleImpl(context, new Values(texts.get(i % texts.size())), SPOUT, SPOUT_TASK,
                        Utils.DEFAULT_STREAM_ID, MessageId.makeRootId(i + 1, (i + 1) * 31L));
                bundle.add(new TaskMessage(SINK_TASK, sender.serialize(tuple)));
            }
            IConnectionCallback storm = new DeserializingConnectionCallback(conf, context,
                    tuples -> delivered += tuples.size());
            if (guard) {
                FrameGuardContext transport = new FrameGuardContext();
                prepare(transport, conf);
                transport.bind("bench-1-1", 0, storm, null);
                callback = Capturing.last;
            } else {
                callback = storm;
            }
        }

        @SuppressWarnings("deprecation")
        private static void prepare(IContext context, Map<String, Object> conf) {
            context.prepare(conf);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BUNDLE)
    public long receiveBundle(Receiver r) {
        r.callback.recv(r.bundle);
        return r.delivered;
    }

    public static GeneralTopologyContext context(Map<String, Object> conf) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SPOUT, new StormTupleRig.DeclaringSpout());
        builder.setBolt(SINK, new TestWordCounter()).shuffleGrouping(SPOUT); // the guard checks the subscription
        StormTopology topology = builder.createTopology();
        return new GeneralTopologyContext(topology, conf, Map.of(SPOUT_TASK, SPOUT, SINK_TASK, SINK),
                Map.of(SPOUT, List.of(SPOUT_TASK), SINK, List.of(SINK_TASK)),
                Map.of(SPOUT, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("payload")),
                        SINK, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("word", "count"))), "bench-1-1");
    }

    /** The transport under the guard: keeps the callback the guard binds with, to call it as Netty would. */
    public static final class Capturing implements IContext {
        static volatile IConnectionCallback last;

        @Override
        @SuppressWarnings("deprecation")
        public void prepare(Map<String, Object> topoConf) {
        }

        @Override
        public void term() {
        }

        @Override
        public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> response) {
            last = cb;
            return null;
        }

        @Override
        public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
            throw new UnsupportedOperationException("receiving side only");
        }
    }
}
