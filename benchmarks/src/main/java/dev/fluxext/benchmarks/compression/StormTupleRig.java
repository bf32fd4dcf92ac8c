package dev.fluxext.benchmarks.compression;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.serialization.KryoTupleDeserializer;
import org.apache.storm.serialization.KryoTupleSerializer;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;

/**
 * Storm's own inter-worker tuple path, in-process: a one-spout topology, a real {@link GeneralTopologyContext},
 * and the {@link KryoTupleSerializer}/{@link KryoTupleDeserializer} pair a worker builds from its config. Sender
 * and receiver get separate Kryo instances, as two workers would.
 */
public final class StormTupleRig {

    static final String SPOUT = "source";
    static final int SPOUT_TASK = 7;
    static final String FIELD = "payload";

    private final GeneralTopologyContext context;
    private final KryoTupleSerializer serializer;
    private final KryoTupleDeserializer deserializer;
    private final List<Tuple> tuples;

    /**
     * @param settings entries added to Storm's default config (e.g. the tuple serializer and its settings)
     * @param payloads one single-field tuple is built per payload
     */
    public StormTupleRig(Map<String, Object> settings, List<String> payloads) {
        this(settings, payloads.stream().map(Values::new).toList(), true);
    }

    /**
     * Ack-like tuples: what Storm's acking sends most of, unanchored tuples of a random 64-bit root id and a random
     * 64-bit ack value (as on {@code __ack_ack}), the part of a topology's traffic that no codec can shrink much.
     */
    public static StormTupleRig acks(Map<String, Object> settings, int count, long seed) {
        Random random = new Random(seed);
        List<Values> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(new Values(random.nextLong(), random.nextLong()));
        }
        return new StormTupleRig(settings, values, false);
    }

    /**
     * What an acked topology sends between two workers, with Storm's random 64-bit ids: each payload in a tuple
     * anchored to its tree's root id with a random edge id (one tree per inner list: an event alone, or a paragraph's
     * words), each tuple followed by the acker's tuple about the tuple {@code ackLag} before it (the root id and a
     * random xor, as on {@code __ack_ack}), so a root id comes again that many tuples later.
     */
    public static StormTupleRig trees(Map<String, Object> settings, List<List<String>> trees, int ackLag, long seed) {
        Random random = new Random(seed);
        List<Values> values = new ArrayList<>();
        List<MessageId> ids = new ArrayList<>();
        List<Long> roots = new ArrayList<>();
        for (List<String> tree : trees) {
            long root = random.nextLong();
            for (String payload : tree) {
                values.add(new Values(payload));
                ids.add(MessageId.makeRootId(root, random.nextLong()));
                roots.add(root);
                if (roots.size() > ackLag) {
                    values.add(new Values(roots.get(roots.size() - 1 - ackLag), random.nextLong()));
                    ids.add(MessageId.makeUnanchored());
                }
            }
        }
        return new StormTupleRig(settings, values, ids);
    }

    private StormTupleRig(Map<String, Object> settings, List<Values> values, boolean anchored) {
        this(settings, values, sequenceIds(values.size(), anchored));
    }

    /** Anchored ids 1, 2, ... (edge ids 31 times that): what the bundle benchmarks' figures were taken with. */
    private static List<MessageId> sequenceIds(int count, boolean anchored) {
        List<MessageId> ids = new ArrayList<>(count);
        for (long rootId = 1; rootId <= count; rootId++) {
            ids.add(anchored ? MessageId.makeRootId(rootId, rootId * 31) : MessageId.makeUnanchored());
        }
        return ids;
    }

    private StormTupleRig(Map<String, Object> settings, List<Values> values, List<MessageId> ids) {
        Map<String, Object> conf = Utils.readDefaultConfig();
        conf.putAll(settings);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout(SPOUT, new DeclaringSpout());
        StormTopology topology = builder.createTopology();
        context = new GeneralTopologyContext(topology, conf, Map.of(SPOUT_TASK, SPOUT), Map.of(SPOUT, List.of(SPOUT_TASK)),
                Map.of(SPOUT, Map.of(Utils.DEFAULT_STREAM_ID, new Fields(FIELD))), "bench-1-1");
        serializer = new KryoTupleSerializer(conf, context);
        deserializer = new KryoTupleDeserializer(conf, context);
        tuples = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            tuples.add(new TupleImpl(context, values.get(i), SPOUT, SPOUT_TASK, Utils.DEFAULT_STREAM_ID, ids.get(i)));
        }
    }

    public int size() {
        return tuples.size();
    }

    public Tuple tuple(int i) {
        return tuples.get(i);
    }

    /** What the sending worker hands to Netty for this tuple. */
    public byte[] serialize(Tuple tuple) {
        return serializer.serialize(tuple);
    }

    public TupleImpl deserialize(byte[] wire) {
        return deserializer.deserialize(wire);
    }

    /**
     * Only declares its streams (stream id to field names, Storm's default stream included by its id); the benchmarks
     * build tuples themselves.
     */
    static final class DeclaringSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;
        private final Map<String, List<String>> streams;

        DeclaringSpout(Map<String, List<String>> streams) {
            this.streams = new LinkedHashMap<>(streams);
        }

        /** Storm's default stream with the one field {@link #FIELD}. */
        DeclaringSpout() {
            this(Map.of(Utils.DEFAULT_STREAM_ID, List.of(FIELD)));
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            streams.forEach((stream, fields) -> declarer.declareStream(stream, new Fields(fields)));
        }
    }
}
