package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Two topologies of two workers each on one LocalCluster whose workers talk over real Netty: one checks that
 * compression per component takes effect and every tuple arrives intact, the other that frames over the receiver's
 * cap are rejected and counted while the worker lives on and every other tuple still arrives.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompressionLocalClusterIT {

    static final int TUPLES = 300;
    static final int HOSTILE_CAP = 8 * 1024;
    static final Map<String, Set<Integer>> RECEIVED = new ConcurrentHashMap<>();
    static final AtomicInteger BAD_CHECKSUMS = new AtomicInteger();
    /** Tasks of each test topology that have started (all workers run in this JVM). */
    static final Map<String, AtomicInteger> STARTED_TASKS = new ConcurrentHashMap<>();
    /** Storm 2.8 drops what a worker sends before its Netty client has connected, and these topologies run without
     *  ackers (every tuple must arrive exactly once), so spouts wait until every task has started, then this long. */
    static final long CONNECT_GRACE_MS = 3_000;

    static void started(String topology) {
        STARTED_TASKS.computeIfAbsent(topology, t -> new AtomicInteger()).incrementAndGet();
    }

    /** Tasks of the user's components (not Storm's own, whose ids start with "__"). */
    static int userTasks(TopologyContext context) {
        return context.getComponentIds().stream().filter(id -> !id.startsWith("__"))
                .mapToInt(id -> context.getComponentTasks(id).size()).sum();
    }

    LocalCluster cluster;

    @BeforeAll
    void startClusterAndSubmit() throws Exception {
        CompressionMetrics.reset();
        cluster = new LocalCluster.Builder().withSupervisors(2).withPortsPerSupervisor(2)
                .withDaemonConf(Config.STORM_LOCAL_MODE_ZMQ, true)
                .withSupervisorSlotPortMin(FreePorts.consecutive(4)).build();
        cluster.submitTopology("flow", conf(Map.of()), flowTopology());
        cluster.submitTopology("hostile", conf(Map.of(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), HOSTILE_CAP)),
                hostileTopology());
    }

    @AfterAll
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    static Config conf(Map<String, Object> compressionDefaults) {
        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(0);
        // Plain shuffle: the load-aware one keeps tuples in the sender's worker while its own targets keep up, and
        // these tuples must cross. WireGuardIT runs with load-aware messaging on.
        conf.put(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, true);
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(Map.of("class", CapturingReporter.class.getName())));
        CompressionSetup.enable(conf, compressionDefaults);
        return conf;
    }

    static org.apache.storm.generated.StormTopology flowTopology() {
        TopologyBuilder b = new TopologyBuilder();
        Compression.settings().codec("zstd").applyTo("text-spout", b.setSpout("text-spout", new TextSpout("flow", 0), 1));
        Compression.settings().codec("none").applyTo("relay",
                b.setBolt("relay", new RelayBolt(), 4).shuffleGrouping("text-spout"));
        Compression.settings().applyTo("verify", b.setBolt("verify", new VerifyBolt("flow"), 4).shuffleGrouping("relay"));
        return b.createTopology();
    }

    /**
     * Every other tuple is 20 KB: over the receivers' cap when it crosses workers. Three sinks, not four: shuffle
     * grouping cycles through its targets in a fixed order, so with an even count the odd (big) tuples could all go
     * to the sinks in the spout's own worker and none would cross.
     */
    static org.apache.storm.generated.StormTopology hostileTopology() {
        TopologyBuilder b = new TopologyBuilder();
        Compression.settings().codec("zstd").maxDecompressedBytes(1 << 20)
                .applyTo("big-spout", b.setSpout("big-spout", new TextSpout("hostile", 20 * 1024), 1));
        Compression.settings().applyTo("sink", b.setBolt("sink", new VerifyBolt("hostile"), 3).shuffleGrouping("big-spout"));
        return b.createTopology();
    }

    @Test
    void compressesWhereEnabledAndEveryTupleArrivesIntact() throws Exception {
        awaitOrFail(() -> received("flow") == TUPLES, "all " + TUPLES + " tuples through the flow topology");
        assertEquals(0, BAD_CHECKSUMS.get());

        Map<String, CompressionSnapshot> m = CompressionMetrics.snapshot();
        CompressionSnapshot spout = m.get("text-spout");
        CompressionSnapshot relay = m.get("relay");
        assertEquals("zstd", spout.codec());
        assertTrue(spout.tuplesCompressed() > 0, "the spout's tuples crossed workers compressed: " + spout);
        assertTrue(spout.bytesOut() * 2 < spout.bytesIn(), "spout's bytes at least halved: " + spout);
        assertEquals("none", relay.codec());
        assertEquals(0, relay.tuplesCompressed());
        assertTrue(relay.tuplesRaw() > 0, "the relay's tuples crossed workers: " + relay);
        assertTrue(relay.bytesOut() >= relay.bytesIn(), "relay's bytes do not shrink: " + relay);
        assertEquals(0, spout.rejected() + relay.rejected());
        // Counted once per tuple sent to another worker, not per serialization: each of the spout's TUPLES tuples
        // goes to one relay task (and the relay re-emits each once), so neither can have sent more than TUPLES.
        assertTrue(spout.tuplesCompressed() + spout.tuplesRaw() <= TUPLES, "spout counted per send: " + spout);
        assertTrue(relay.tuplesCompressed() + relay.tuplesRaw() <= TUPLES, "relay counted per send: " + relay);

        // Storm v2 metrics: one gauge per component and worker, not one per task.
        Map<String, Long> bytesOutGauges = new java.util.TreeMap<>();
        for (var registry : CapturingReporter.REGISTRIES) {
            registry.getGauges((name, metric) -> name.contains("fluxext.compression.bytesOut")
                    && name.contains("flow")).forEach((name, g) -> bytesOutGauges.put(name, (Long) g.getValue()));
        }
        assertEquals(1, bytesOutGauges.keySet().stream().filter(n -> n.contains("text-spout")).count(), "" + bytesOutGauges);
        assertEquals(2, bytesOutGauges.keySet().stream().filter(n -> n.contains("relay")).count(), "" + bytesOutGauges);
        assertTrue(bytesOutGauges.entrySet().stream().anyMatch(e -> e.getKey().contains("text-spout")
                && e.getValue() == spout.bytesOut()), "" + bytesOutGauges);
    }

    @Test
    void framesOverTheReceiversCapAreRejectedWhileTheWorkerAndOtherTuplesGoOn() throws Exception {
        // Every small tuple arrives, also those a worker received after rejecting big ones.
        awaitOrFail(() -> RECEIVED.getOrDefault("hostile", Set.of()).stream().filter(s -> s % 2 == 0).count()
                == TUPLES / 2, "all small tuples of the hostile topology");
        // The last big tuple may still be on its way (or its rejection not yet counted) when the small ones are in.
        awaitOrFail(() -> bigArrived() + rejected(CompressionMetrics.snapshot()) >= TUPLES / 2,
                "every big tuple of the hostile topology arrived or was rejected");
        long bigArrived = bigArrived();
        Map<String, CompressionSnapshot> m = CompressionMetrics.snapshot();
        long rejected = rejected(m);
        assertTrue(rejected > 0, "big frames crossing workers were rejected: " + m);
        assertEquals(TUPLES / 2, bigArrived + rejected,
                "each big tuple either stayed in its worker or was rejected, once: " + m);
        assertEquals(0, BAD_CHECKSUMS.get());

        TopologyInfo info = cluster.getTopologyInfoByName("hostile");
        assertEquals("ACTIVE", info.get_status());
        assertTrue(info.get_executors().stream().map(e -> e.get_port()).distinct().count() == 2,
                "both workers still run");
    }

    private static long bigArrived() {
        return RECEIVED.getOrDefault("hostile", Set.of()).stream().filter(s -> s % 2 == 1).count();
    }

    /** Charged to the sender, unless one arrived before the receiving worker's tasks were set up. */
    private static long rejected(Map<String, CompressionSnapshot> m) {
        return (m.containsKey("big-spout") ? m.get("big-spout").rejected() : 0)
                + (m.containsKey(CompressionMetrics.UNKNOWN_SENDER)
                ? m.get(CompressionMetrics.UNKNOWN_SENDER).rejected() : 0);
    }

    private static int received(String topology) {
        return RECEIVED.getOrDefault(topology, Set.of()).size();
    }

    private static void awaitOrFail(BooleanSupplier done, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; metrics: " + CompressionMetrics.snapshot()
                        + "; received: " + RECEIVED.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue().size())
                        .toList());
            }
            Thread.sleep(100);
        }
    }

    static String text(int seq, int size) {
        String[] words = ("the storm spout bolt tuple worker stream grouping shuffle field values compress frame "
                + "network netty kryo serializer codec threshold window level dictionary sentence paragraph river "
                + "mountain quick brown fox jumps over lazy dog while rain falls").split(" ");
        Random r = new Random(seq);
        StringBuilder sb = new StringBuilder(size + 16);
        while (sb.length() < size) {
            sb.append(words[r.nextInt(words.length)]).append(r.nextInt(10) == 0 ? ". " : " ");
        }
        return sb.toString();
    }

    static long crc(String text) {
        CRC32 crc = new CRC32();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }

    /** Emits TUPLES tuples (seq, ~2 KB text, checksum); odd ones of {@code bigSize} bytes if that is not 0. */
    static final class TextSpout extends BaseRichSpout {
        private final String topology;
        private final int bigSize;
        private SpoutOutputCollector collector;
        private int next;
        private int expectedTasks;
        private long emitFrom;

        TextSpout(String topology, int bigSize) {
            this.topology = topology;
            this.bigSize = bigSize;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            expectedTasks = userTasks(context);
            started(topology);
        }

        private boolean everyWorkerReady() {
            if (emitFrom == 0 && STARTED_TASKS.get(topology).get() >= expectedTasks) {
                emitFrom = System.currentTimeMillis() + CONNECT_GRACE_MS;
            }
            return emitFrom != 0 && System.currentTimeMillis() >= emitFrom;
        }

        @Override
        public void nextTuple() {
            if (next >= TUPLES || !everyWorkerReady()) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            int seq = next++;
            String text = text(seq, bigSize != 0 && seq % 2 == 1 ? bigSize : 2048);
            collector.emit(new Values(seq, text, crc(text)));
            if (topology.equals("hostile") && seq % 10 == 0) {
                try {
                    Thread.sleep(5); // spread the traffic over many Netty batches
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("seq", "text", "crc"));
        }
    }

    /** Re-emits what it receives: its own tuples are sent uncompressed. */
    static final class RelayBolt extends BaseBasicBolt {
        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            started("flow");
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            collector.emit(new Values(input.getInteger(0), input.getString(1), input.getLong(2)));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("seq", "text", "crc"));
        }
    }

    static final class VerifyBolt extends BaseBasicBolt {
        private final String topology;

        VerifyBolt(String topology) {
            this.topology = topology;
        }

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context) {
            started(topology);
        }

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            if (crc(input.getString(1)) != input.getLong(2)) {
                BAD_CHECKSUMS.incrementAndGet();
            }
            RECEIVED.computeIfAbsent(topology, t -> ConcurrentHashMap.newKeySet()).add(input.getInteger(0));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
