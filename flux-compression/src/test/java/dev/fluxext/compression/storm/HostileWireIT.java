package dev.fluxext.compression.storm;

import static dev.fluxext.compression.storm.HostileWire.await;
import static dev.fluxext.compression.storm.HostileWire.closed;
import static dev.fluxext.compression.storm.HostileWire.executorOf;
import static dev.fluxext.compression.storm.HostileWire.frame;
import static dev.fluxext.compression.storm.HostileWire.hugeString;
import static dev.fluxext.compression.storm.HostileWire.send;
import static dev.fluxext.compression.storm.HostileWire.sinkOutside;
import static dev.fluxext.compression.storm.HostileWire.tuple;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import java.io.DataOutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, scope 4: hostile frames sent over a raw socket to a live worker's Netty port. A LocalCluster runs two
 * workers that talk over real Netty, with ackers and compression on. Once tuples are being acked, the test connects
 * to the worker holding a sink task, as a worker would, and sends one well-formed Storm message batch (Netty's
 * framing: short destination task, int length, payload; the payload a serialized tuple from the spout's task)
 * whose tuple frames are hostile: a decompression bomb over the cap, a frame lying about its decompressed length, and
 * a raw frame holding a string that declares 2^31-2 characters. The worker must stay up, count the three
 * rejections against the spout, and go on acking tuples. Before that, a back-pressure status whose worker id
 * declares 2^31-2 characters (Storm's own message, read before any of this module's code) must cost only its
 * connection.
 */
class HostileWireIT {

    static final int CAP = 64 * 1024;
    static final AtomicLong ACKED = new AtomicLong();
    static final AtomicLong FAILED = new AtomicLong();

    @Test
    void hostileFramesOnAWorkersNettyPortAreRejectedWhileTuplesKeepBeingAcked() throws Exception {
        CompressionMetrics.reset();
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(2).withPortsPerSupervisor(1)
                .withDaemonConf(Config.STORM_LOCAL_MODE_ZMQ, true).withSupervisorSlotPortMin(FreePorts.consecutive(2))
                .build()) {
            cluster.submitTopology("hostile-wire", conf(), topology());
            awaitOrFail(() -> ACKED.get() >= 200, "tuples acked across the two workers");

            TopologyInfo info = cluster.getTopologyInfoByName("hostile-wire");
            ExecutorSummary spout = executorOf(info, "ids");
            ExecutorSummary sink = sinkOutside(info, "sink", spout);
            int spoutTask = spout.get_executor_info().get_task_start();
            // Storm's own control message, read before any tuple code: not bounded by this module, but survived.
            try (Socket socket = new Socket("localhost", sink.get_port())) {
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                send(out, BackPressureStatus.IDENTIFIER, hugeBackPressureStatus());
                out.flush();
                awaitOrFail(() -> closed(socket), "the worker closing the connection of the bad back-pressure status");
            }
            try (Socket socket = new Socket("localhost", sink.get_port())) {
                DataOutputStream out = new DataOutputStream(socket.getOutputStream());
                for (byte[] frame : List.of(bomb(), lyingLength(), hugeString())) {
                    send(out, sink.get_executor_info().get_task_start(), tuple(spoutTask, frame));
                }
                out.flush();
                awaitOrFail(() -> rejected("ids") == 3, "the three hostile frames rejected and counted");
            }

            long ackedAfterAttack = ACKED.get();
            awaitOrFail(() -> ACKED.get() >= ackedAfterAttack + 200, "tuples still acked after the attack");
            TopologyInfo after = cluster.getTopologyInfoByName("hostile-wire");
            assertEquals("ACTIVE", after.get_status());
            assertEquals(2, after.get_executors().stream().map(ExecutorSummary::get_port).distinct().count(),
                    "both workers still run");
            assertEquals(3, rejected("ids"), "no real tuple was rejected: " + CompressionMetrics.snapshot());
            assertEquals(0, FAILED.get());
            try (Socket again = new Socket("localhost", sink.get_port())) {
                assertTrue(again.isConnected(), "the attacked worker still accepts connections");
            }
        }
    }

    static long rejected(String component) {
        CompressionSnapshot snapshot = CompressionMetrics.snapshot().get(component);
        return snapshot == null ? 0 : snapshot.rejected();
    }

    /** A back-pressure status whose worker id declares 2^31-2 characters. */
    static byte[] hugeBackPressureStatus() {
        byte[] real = StormKryo.serializer(StormKryo.conf(StormKryo.settings())).serializeObject(new BackPressureStatus("\u00e9", null, null));
        byte[] accent = {(byte) 0x82, (byte) 0xc3, (byte) 0xa9}; // a string of 1 character, "é"
        int at = 0;
        while (!Arrays.equals(real, at, at + 3, accent, 0, 3)) {
            at++;
        }
        Output out = new Output(real.length + 16);
        out.writeBytes(real, 0, at);
        out.writeVarIntFlag(true, Integer.MAX_VALUE, true);
        out.writeBytes(real, at + 3, real.length - at - 3);
        return out.toBytes();
    }

    /** 16 MB of zeros compressed to a few KB, declaring its true size: far over the receiver's cap. */
    static byte[] bomb() {
        return frame(CodecId.ZSTD, new byte[16 << 20], 16 << 20);
    }

    /** 1 MB of zeros that declares 1000 bytes, under the cap: the codec must not write past what was declared. */
    static byte[] lyingLength() {
        return frame(CodecId.ZSTD, new byte[1 << 20], 1000);
    }

    static Config conf() {
        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(2);
        conf.setMaxSpoutPending(200);
        conf.put(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, true);
        Compression.settings().codec("zstd").threshold(1).maxDecompressedBytes(CAP).enableOn(conf);
        return conf;
    }

    static StormTopology topology() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("ids", new IdSpout(), 1);
        builder.setBolt("sink", new HostileWire.Sink(), 2).shuffleGrouping("ids");
        return builder.createTopology();
    }

    /** Numbered tuples, each tracked by the ackers. */
    public static class IdSpout extends BaseRichSpout {
        private SpoutOutputCollector collector;
        private long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            long id = next++;
            collector.emit(new Values(("tuple number " + id + " of the hostile wire test; ").repeat(8)), id);
        }

        @Override
        public void ack(Object msgId) {
            ACKED.incrementAndGet();
        }

        @Override
        public void fail(Object msgId) {
            FAILED.incrementAndGet();
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("text"));
        }
    }

    private static void awaitOrFail(BooleanSupplier done, String what) throws InterruptedException {
        await(done, what, 45, () -> "acked " + ACKED.get() + ", failed " + FAILED.get() + ", "
                + CompressionMetrics.snapshot());
    }
}
