package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.metrics.BatchMetrics;
import dev.fluxext.compression.metrics.BatchSnapshot;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.storm.FreePorts;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
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
import org.junit.jupiter.api.Test;

/**
 * Two workers exchanging small JSON events over real Netty through the batch-compressing transport, ackers on: every
 * event is acked (the spout replays failed ones, so an event lost on the wire would show as a missing ack), and the
 * transport's own counts show the bundles crossing workers at a fraction of their size.
 */
class BatchCompressionIT {

    static final int EVENTS = 2000;
    static final Set<Integer> ACKED = ConcurrentHashMap.newKeySet();
    static final Set<Integer> SEEN = ConcurrentHashMap.newKeySet();

    @Test
    void smallEventsCrossWorkersCompressedInBundlesAndAllAreAcked() throws Exception {
        BatchMetrics.reset();
        Config conf = new Config();
        conf.setNumWorkers(2);
        conf.setNumAckers(2);
        conf.setMaxSpoutPending(500);
        // Plain shuffle: the load-aware one keeps tuples in the sender's worker while its own targets keep up, and
        // these tuples must cross. WireGuardIT runs with load-aware messaging on.
        conf.put(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, true);
        conf.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        // Every bundle through the codec: this light run's bundles are small, and the ones under the default
        // minimum would be sent raw, as would a connection's next 64 after 16 small ones saved under 10 % (those
        // rules have their own tests: BatchSkipTest), making the ratio depend on timing.
        conf.put(BatchCompressionOptions.MIN_BATCH_BYTES.key(), 0);
        conf.put(BatchCompressionOptions.MIN_SAVING_PERCENT.key(), 0);
        // And whatever the link: loopback never binds, so by default every bundle would go raw.
        conf.put(BatchCompressionOptions.WHEN.key(), "always");
        TopologyBuilder b = new TopologyBuilder();
        b.setSpout("events", new EventSpout(), 1);
        b.setBolt("sink", new SinkBolt(), 4).shuffleGrouping("events");
        try (LocalCluster cluster = new LocalCluster.Builder().withSupervisors(2).withPortsPerSupervisor(2)
                .withDaemonConf(Config.STORM_LOCAL_MODE_ZMQ, true)
                .withSupervisorSlotPortMin(FreePorts.consecutive(4))
                .build()) {
            cluster.submitTopology("batch", conf, b.createTopology());
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (ACKED.size() < EVENTS && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        }
        assertEquals(EVENTS, ACKED.size(), "every event acked; seen by sinks: " + SEEN.size());
        Map<String, BatchSnapshot> figures = BatchMetrics.snapshot();
        BatchSnapshot sent = figures.entrySet().stream().filter(e -> !e.getKey().startsWith("-> :"))
                .map(Map.Entry::getValue).reduce((a, c) -> new BatchSnapshot(a.batches() + c.batches(),
                        a.messages() + c.messages(), a.bytesBefore() + c.bytesBefore(), a.bytesAfter() + c.bytesAfter(),
                        0, 0, a.skipped() + c.skipped())).orElseThrow();
        // Events, their acks and the ackers' messages all cross between the two workers, in bundles.
        assertTrue(sent.messages() >= EVENTS / 2, "about half the events cross workers: " + figures);
        assertTrue(sent.batches() < sent.messages(), "several messages per bundle: " + figures);
        // A light local run hands the transport bundles of only a few messages (about 0.55 of raw measured here);
        // loaded workers bundle more and compress further (docs/benchmarks.md).
        assertTrue(sent.ratio() < 0.75, "bundles of small events shrink on the wire: " + figures);
        assertEquals(0, figures.values().stream().mapToLong(BatchSnapshot::rejected).sum(), "" + figures);
    }

    /** Emits EVENTS small JSON events with message ids; replays failed ones. */
    static final class EventSpout extends BaseRichSpout {
        private SpoutOutputCollector collector;
        private int next;
        private final java.util.ArrayDeque<Integer> replay = new java.util.ArrayDeque<>();

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void nextTuple() {
            Integer id = !replay.isEmpty() ? replay.poll() : next < EVENTS ? next++ : null;
            if (id == null) {
                return;
            }
            String json = "{\"id\":" + id + ",\"user\":\"user-" + (id % 97) + "\",\"action\":\""
                    + (id % 3 == 0 ? "view" : id % 3 == 1 ? "click" : "purchase") + "\",\"page\":\"/products/"
                    + (id % 41) + "\",\"ts\":" + (1_763_900_000_000L + id * 17) + "}";
            collector.emit(new Values(id, json), id);
        }

        @Override
        public void ack(Object msgId) {
            ACKED.add((Integer) msgId);
        }

        @Override
        public void fail(Object msgId) {
            replay.add((Integer) msgId);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("id", "json"));
        }
    }

    static final class SinkBolt extends BaseBasicBolt {
        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
            SEEN.add(input.getInteger(0));
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
