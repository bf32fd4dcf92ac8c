package dev.fluxext.compression.storm;

import static dev.fluxext.compression.storm.HostileWire.await;
import static dev.fluxext.compression.storm.HostileWire.executorOf;
import static dev.fluxext.compression.storm.HostileWire.frame;
import static dev.fluxext.compression.storm.HostileWire.hugeString;
import static dev.fluxext.compression.storm.HostileWire.send;
import static dev.fluxext.compression.storm.HostileWire.sinkOutside;
import static dev.fluxext.compression.storm.HostileWire.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.compression.serializer.FixedLongValues;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.grouping.Load;
import org.apache.storm.grouping.LoadAwareShuffleGrouping;
import org.apache.storm.grouping.LoadMapping;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.task.WorkerTopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * Issue 17: every message a worker receives through a fluxext transport is checked before Storm reads it. One
 * LocalCluster (two supervisors, real Netty between workers) runs three topologies of two workers each, wired as
 * flux-core wires them: batch compression only ({@code transport: {compression: ...}}), per-tuple compression only
 * ({@code compression:}) and plain Netty ({@code transport: {type: netty}}, guarded by default). Against each, once
 * tuples are acked, a raw socket to the worker holding a sink task (not the spout) sends, in Netty's framing, an empty
 * message, a short header, a tuple from an unknown task, a tuple to a task not in that worker, a tuple with fewer
 * values than its stream declares, a string declaring 2^31-2 characters, a batch frame declaring 8.4 million messages
 * (zstd, a few hundred bytes), a batch frame in a codec the receiver is not configured for (lz4), a tuple with junk
 * after its values and a well-formed one to Storm's system task (whose bolt throws on any tuple); and a socket to an
 * acker's worker sends it an {@code __ack_init} whose xor is a String. Asserted per topology: each of the eleven,
 * sent one at a time, rejected and counted exactly once, the worker still up and accepting connections, tuples still
 * acked (none failed, with a message timeout short enough to catch tuples dropped at start-up), heap growth below
 * 64 MB. Load-aware messaging is on, as by default: the sink worker's load figures reach the spout's load-aware
 * shuffle (which sends every tuple across), and from start to end nothing but the hostile messages is rejected
 * (unreadable figures would be).
 */
class WireGuardIT {

    static final Map<String, AtomicLong> ACKED = new ConcurrentHashMap<>();
    static final Map<String, AtomicLong> FAILED = new ConcurrentHashMap<>();
    /** Per topology: the sink tasks outside the spout's worker, and those whose load figures reached the spout. */
    static final Map<String, Set<Integer>> SINKS_ELSEWHERE = new ConcurrentHashMap<>();
    static final Map<String, Set<Integer>> FIGURES_SEEN = new ConcurrentHashMap<>();
    static final long MAX_HEAP_GROWTH = 64L << 20;
    static final short BATCH_TASK = -700; // BatchFormat.BATCH_TASK: Netty hands such messages on as any other

    @Test
    void noHostileMessageEndsAWorkerOfAnyFluxextTransport() throws Exception {
        CompressionMetrics.reset();
        BatchMetrics.reset();
        Map<String, Config> topologies = new LinkedHashMap<>();
        topologies.put("batch-only", batchOnly());
        topologies.put("per-tuple-only", perTupleOnly());
        topologies.put("plain-netty", plainNetty());
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(2).withPortsPerSupervisor(3)
                .withDaemonConf(Config.STORM_LOCAL_MODE_ZMQ, true).withSupervisorSlotPortMin(FreePorts.consecutive(6))
                .build()) {
            for (var t : topologies.entrySet()) {
                ACKED.put(t.getKey(), new AtomicLong());
                FAILED.put(t.getKey(), new AtomicLong());
                FIGURES_SEEN.put(t.getKey(), ConcurrentHashMap.newKeySet());
                cluster.submitTopology(t.getKey(), t.getValue(), topology(t.getKey()));
            }
            for (String name : topologies.keySet()) {
                awaitOrFail(() -> ACKED.get(name).get() >= 100, name + ": tuples acked across the two workers");
            }
            for (String name : topologies.keySet()) {
                assertEquals(2, SINKS_ELSEWHERE.get(name).size(), name + ": the sink's tasks are all in the other "
                        + "worker, so the load-aware grouping sends every tuple across");
            }
            List<String> failures = new ArrayList<>();
            long hostile = 0;
            for (String name : topologies.keySet()) {
                try {
                    hostile += attack(cluster, name, topologies.get(name));
                } catch (AssertionError e) {
                    failures.add(e.getMessage());
                }
            }
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            // Checked after the attacks, which take longer than a worker's 5 s between sending load figures.
            for (String name : topologies.keySet()) {
                awaitOrFail(() -> !FIGURES_SEEN.get(name).isEmpty(),
                        name + ": the sink worker's load figures reached the spout's load-aware grouping");
            }
            // Figures that could not be read would count as a rejection, as would a real tuple.
            assertEquals(hostile, rejected(), "only the hostile messages rejected, from start to end: "
                    + CompressionMetrics.snapshot() + " " + BatchMetrics.snapshot());
        }
    }

    /** @return the number of hostile messages sent */
    private static int attack(LocalCluster cluster, String name, Config conf) throws Exception {
        boolean fixedLongs = CompressingListDelegateSerializer.writesFixedLongs(conf);
        TopologyInfo info = cluster.getTopologyInfoByName(name);
        ExecutorSummary spout = executorOf(info, "ids-" + name);
        ExecutorSummary sink = sinkOutside(info, "sink", spout);
        int from = spout.get_executor_info().get_task_start();
        int to = sink.get_executor_info().get_task_start();
        Map<String, byte[]> attacks = new LinkedHashMap<>();
        List<Integer> dest = new ArrayList<>();
        attacks.put("empty message", new byte[0]);
        attacks.put("short header", new byte[] {(byte) from});
        attacks.put("unknown source task", tuple(9_999, rawValues("hello", fixedLongs)));
        attacks.put("unknown destination task", tuple(from, rawValues("hello", fixedLongs)));
        // Stream 1 of a spout is Storm's __ack_init (3 fields): an acker reading the missing ones would end its worker.
        attacks.put("fewer values than the stream's fields", tuple(from, rawValues("hello", fixedLongs)));
        attacks.put("string declaring 2^31-2 characters", tuple(from, hugeString()));
        attacks.put("batch frame declaring 8.4 million messages", millionsOfMessages());
        attacks.put("batch frame of an unconfigured codec (lz4)", lz4Frame(to, from));
        attacks.put("junk after the values", tuple(from, concat(rawValues("hello", fixedLongs), new byte[] {7, 7, 7})));
        for (String attack : attacks.keySet()) {
            dest.add(attack.startsWith("batch frame") ? BATCH_TASK
                    : attack.equals("unknown destination task") ? 3_000 : to);
        }
        // To an acker (wherever it runs): a String where Storm's acker casts the xor of edge ids to a Long.
        ExecutorSummary acker = executorOf(info, "__acker");
        Map<String, Object> workerConf = new HashMap<>(Utils.readDefaultConfig());
        workerConf.putAll(conf);
        KryoValuesSerializer values = new KryoValuesSerializer(workerConf);
        byte[] badXor = tuple(from, values.serialize(List.of(1L, "not a long", from)));
        // A well-formed __ack_init to Storm's system task, which subscribes to nothing and throws on any tuple.
        attacks.put("a good tuple to the system task", tuple(from, values.serialize(List.of(1L, 2L, from))));
        dest.add(-1);

        long rejectedBefore = rejected();
        long heapBefore = heapAfterGc();
        int expected = attacks.size() + 1;
        // One attack at a time, each counted on its own: a total would pass with one attack let through and
        // another counted twice.
        Map<String, Long> counted = new LinkedHashMap<>();
        try (Socket socket = new Socket("localhost", sink.get_port());
             Socket toAcker = new Socket("localhost", acker.get_port())) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            int i = 0;
            for (var attack : attacks.entrySet()) {
                int destTask = dest.get(i++);
                counted.put(attack.getKey(), rejectionsOf(() -> send(out, destTask, attack.getValue()), out));
            }
            DataOutputStream ackerOut = new DataOutputStream(toAcker.getOutputStream());
            int ackerTask = acker.get_executor_info().get_task_start();
            counted.put("an xor that is a String, to an acker", rejectionsOf(() -> send(ackerOut, ackerTask, badXor),
                    ackerOut));
        }
        Map<String, Long> once = new LinkedHashMap<>();
        counted.keySet().forEach(attack -> once.put(attack, 1L));
        assertEquals(once, counted, name + ": each hostile message rejected and counted once");
        long heapGrowth = heapAfterGc() - heapBefore;
        // The figures docs/security.md quotes.
        System.out.printf("%s: %d hostile messages rejected, heap growth %.1f MB%n", name, rejected() - rejectedBefore,
                heapGrowth / 1048576.0);

        long ackedAfterAttack = ACKED.get(name).get();
        awaitOrFail(() -> ACKED.get(name).get() >= ackedAfterAttack + 100, name + ": tuples still acked after the attack");
        TopologyInfo after = cluster.getTopologyInfoByName(name);
        assertEquals("ACTIVE", after.get_status(), name);
        assertEquals(2, after.get_executors().stream().map(ExecutorSummary::get_port).distinct().count(),
                name + ": both workers still run");
        assertEquals(expected, rejected() - rejectedBefore, name + ": exactly the hostile messages rejected, "
                + "no real tuple: " + CompressionMetrics.snapshot() + " " + BatchMetrics.snapshot());
        assertEquals(0, FAILED.get(name).get(), name + ": no tuple failed (none dropped at start-up either)");
        assertTrue(heapGrowth < MAX_HEAP_GROWTH, name + ": heap grew by " + (heapGrowth >> 20) + " MB");
        try (Socket again = new Socket("localhost", sink.get_port())) {
            assertTrue(again.isConnected(), name + ": the attacked worker still accepts connections");
        }
        return expected;
    }

    private interface Send {
        void run() throws java.io.IOException;
    }

    /** How long a rejection may take to be counted, and how long a second count of the same message is waited for. */
    private static final long COUNTED_WITHIN_MILLIS = 10_000;
    private static final long SETTLE_MILLIS = 300;

    /** The rejections counted for one message: sent, then waited for until one is counted and a while longer. */
    private static long rejectionsOf(Send send, DataOutputStream out) throws Exception {
        long before = rejected();
        send.run();
        out.flush();
        long deadline = System.nanoTime() + COUNTED_WITHIN_MILLIS * 1_000_000;
        while (rejected() == before && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(SETTLE_MILLIS);
        return rejected() - before;
    }

    /** Every rejection in this JVM: per message (guard, serializer) and per batch frame. */
    static long rejected() {
        return CompressionMetrics.snapshot().values().stream().mapToLong(CompressionSnapshot::rejected).sum()
                + BatchMetrics.snapshot().values().stream().mapToLong(BatchSnapshot::rejected).sum();
    }

    /**
     * The heap in use after a collection, the least of three a second apart: the topologies keep running, and one
     * reading can catch their in-flight batches (tens of MB on a busy machine); memory the attack left behind stays
     * in all three.
     */
    static long heapAfterGc() throws InterruptedException {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            if (i > 0) {
                Thread.sleep(1000);
            }
            System.gc();
            least = Math.min(least, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return least;
    }

    /**
     * A raw values frame holding one string, as the compressing serializer writes it without a codec: as Kryo
     * writes a list, or as {@link FixedLongValues} does (on the batch transport).
     */
    static byte[] rawValues(String value, boolean fixedLongs) {
        Output out = new Output(64, -1);
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
        out.writeVarInt(fixedLongs ? 1 : 2, true); // one value (Kryo writes a collection's length + 1)
        out.writeVarInt(1 + 2, true); // String's registration id, as Kryo writes class ids
        out.writeString(value);
        return out.toBytes();
    }

    /** 534 bytes or so: zstd of a body declaring 8 388 000 empty messages (16 MB of zeros, under the default cap). */
    static byte[] millionsOfMessages() {
        int count = 8_388_000;
        byte[] body = new byte[4 + 2 * count];
        body[0] = (byte) (count & 0x7F | 0x80);
        body[1] = (byte) (count >>> 7 & 0x7F | 0x80);
        body[2] = (byte) (count >>> 14 & 0x7F | 0x80);
        body[3] = (byte) (count >>> 21);
        return frame(CodecId.ZSTD, body, body.length);
    }

    /** A well-formed lz4 batch frame with one good tuple: the receivers use zstd (or no batch transport at all). */
    static byte[] lz4Frame(int destTask, int sourceTask) {
        byte[] tuple = tuple(sourceTask, rawValues("hello", true));
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(1);
        body.write(destTask);
        body.write(tuple.length);
        body.writeBytes(tuple);
        byte[] bytes = body.toByteArray();
        return frame(CodecId.LZ4, bytes, bytes.length);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static Config base() {
        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(2);
        conf.setMaxSpoutPending(100);
        // Short enough that a tuple dropped at start-up (a connection taken as ready too early) fails in the test.
        conf.setMessageTimeoutSecs(20);
        // Load-aware messaging stays on (Storm's default): each worker's server sends its load figures to the
        // clients connected to it, through the transport and the values serializer under test, and the clients
        // hand them to the spout's LoadAwareShuffleGrouping.
        return conf;
    }

    /** As flux-core wires {@code transport: {compression: {codec: zstd}}} with no {@code compression:} block. */
    static Config batchOnly() {
        Config conf = base();
        conf.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        conf.put(BatchCompressionOptions.DELEGATE_KEY, "org.apache.storm.messaging.netty.Context");
        conf.put(BatchCompressionOptions.CODEC.key(), "zstd");
        CompressionSetup.enable(conf, Map.of());
        return conf;
    }

    /** As flux-core wires a {@code compression: {codec: zstd}} block. */
    static Config perTupleOnly() {
        Config conf = base();
        Compression.settings().codec("zstd").threshold(1).enableOn(conf);
        return conf;
    }

    /** As flux-core wires {@code transport: {type: netty}}: guarded, no codec. */
    static Config plainNetty() {
        Config conf = base();
        conf.put(Config.STORM_MESSAGING_TRANSPORT, "org.apache.storm.messaging.netty.Context");
        CompressionSetup.enable(conf, Map.of());
        return conf;
    }

    static StormTopology topology(String name) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ids-" + name, new IdSpout(name), 1);
        // One executor of two tasks: Storm's scheduler deals executors in task order to the two workers in turn
        // (ackers 1 and 2, spout 3, sink 4-5), so the sink runs in the worker without the spout; with a sink task
        // beside it, the load-aware grouping would keep every tuple in the spout's worker.
        builder.setBolt("sink", new HostileWire.Sink(), 1).setNumTasks(2)
                .customGrouping("ids-" + name, new WatchedLoadAwareShuffle(name));
        return builder.createTopology();
    }

    /**
     * Storm's load-aware shuffle (what {@code shuffleGrouping} is with load-aware messaging on), noting the target
     * tasks in other workers and which of them it has seen load figures for: a remote task without figures is
     * taken as fully loaded ({@code LoadMapping}'s not-connected load).
     */
    public static class WatchedLoadAwareShuffle extends LoadAwareShuffleGrouping {
        private final String topology;
        private List<Integer> elsewhere = List.of();

        WatchedLoadAwareShuffle(String topology) {
            this.topology = topology;
        }

        @Override
        public void prepare(WorkerTopologyContext context, GlobalStreamId stream, List<Integer> targetTasks) {
            super.prepare(context, stream, targetTasks);
            elsewhere = targetTasks.stream().filter(t -> !context.getThisWorkerTasks().contains(t)).toList();
            SINKS_ELSEWHERE.put(topology, Set.copyOf(elsewhere)); // of the sink's two tasks
        }

        @Override
        public void refreshLoad(LoadMapping loadMapping) {
            for (int task : elsewhere) {
                Load load = loadMapping.getLoad(task);
                if (load.hasMetrics() && load.getBoltLoad() >= 0 && load.getBoltLoad() <= 1) {
                    FIGURES_SEEN.get(topology).add(task);
                }
            }
            super.refreshLoad(loadMapping);
        }
    }

    /** Numbered tuples, each tracked by the ackers, counted per topology. */
    public static class IdSpout extends BaseRichSpout {
        private final String topology;
        private SpoutOutputCollector collector;
        private long next;

        IdSpout(String topology) {
            this.topology = topology;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            long id = next++;
            collector.emit(new Values("tuple number " + id + " of " + topology), id);
        }

        @Override
        public void ack(Object msgId) {
            ACKED.get(topology).incrementAndGet();
        }

        @Override
        public void fail(Object msgId) {
            FAILED.get(topology).incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("text"));
        }
    }

    private static void awaitOrFail(BooleanSupplier done, String what) throws InterruptedException {
        await(done, what, 60, () -> "acked " + ACKED + ", failed " + FAILED + ", rejected "
                + CompressionMetrics.snapshot() + " " + BatchMetrics.snapshot());
    }
}
