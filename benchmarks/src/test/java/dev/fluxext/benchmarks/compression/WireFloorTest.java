package dev.fluxext.benchmarks.compression;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.examples.EventSpout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.serialization.KryoTupleSerializer;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The floor's counting of random ids, on tuples serialized by Storm's own {@link KryoTupleSerializer}. */
class WireFloorTest {

    private static final String SPOUT = "spout";
    private static final int TASK = 3;
    private static final String ACKS = "acks";
    private static final String PAIRS = "pairs";

    private final Map<String, Object> conf = Utils.readDefaultConfig();
    private final GeneralTopologyContext context;
    private final KryoTupleSerializer serializer;
    private final SplittableRandom random = new SplittableRandom(7);

    WireFloorTest() {
        TopologyBuilder builder = new TopologyBuilder();
        // The spout's text, and the two streams the acker-like tuples use.
        builder.setSpout(SPOUT, new StormTupleRig.DeclaringSpout(Map.of(Utils.DEFAULT_STREAM_ID, List.of("text"),
                ACKS, List.of("root", "xor", "task"), PAIRS, List.of("root", "xor"))));
        StormTopology topology = builder.createTopology();
        context = new GeneralTopologyContext(topology, conf, Map.of(TASK, SPOUT), Map.of(SPOUT, List.of(TASK)),
                Map.of(SPOUT, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("text"), ACKS,
                        new Fields("root", "xor", "task"), PAIRS, new Fields("root", "xor"))), "floor-1-1");
        serializer = new KryoTupleSerializer(conf, context);
    }

    private byte[] tuple(String stream, MessageId id, Object... values) {
        return serializer.serialize(new TupleImpl(context, new Values(values), SPOUT, TASK, stream, id));
    }

    @Test
    void findsTheAnchorsRandomIdsAndNothingElse() {
        long root = random.nextLong();
        long edge = random.nextLong();
        String text = "{\"type\":\"click\"}";
        byte[] message = tuple(Utils.DEFAULT_STREAM_ID, MessageId.makeRootId(root, edge), text);
        TupleBytes.Parts parts = new TupleBytes(conf).parse(message);

        assertEquals(List.of(root, edge), parts.ids());
        assertEquals(List.of(text), parts.otherValues());
        assertEquals(TASK, parts.sourceTask());
        assertEquals(message.length, parts.headerBytes() + parts.messageIdBytes() + parts.valuesBytes());
        // Anchor count (one byte) and the two longs.
        assertEquals(1 + 16, parts.messageIdBytes());
        assertEquals(2, parts.anchorIds());
        assertZeroedExactly(message, parts, 16);
        assertArrayEquals(parts.withoutIds(message), parts.withoutAnchorIds(message), "its only ids are anchors'");
    }

    @Test
    void countsEveryAnchorOfATupleWithSeveralParents() {
        Map<Long, Long> anchors = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            anchors.put(random.nextLong(), random.nextLong());
        }
        byte[] message = tuple(Utils.DEFAULT_STREAM_ID, MessageId.makeId(anchors), "word");
        TupleBytes.Parts parts = new TupleBytes(conf).parse(message);

        assertEquals(6, parts.ids().size());
        assertTrue(parts.ids().containsAll(anchors.keySet()) && parts.ids().containsAll(anchors.values()));
        assertZeroedExactly(message, parts, 48);
    }

    @Test
    void countsTheLongValuesOfAnAckerTupleButNotItsTask() {
        long root = random.nextLong();
        long xor = random.nextLong();
        byte[] message = tuple(ACKS, MessageId.makeUnanchored(), root, xor, 12);
        TupleBytes.Parts parts = new TupleBytes(conf).parse(message);

        assertEquals(List.of(root, xor), parts.ids());
        assertEquals(0, parts.anchorIds());
        assertArrayEquals(message, parts.withoutAnchorIds(message), "no anchors: nothing zeroed");
        assertEquals(List.of(12), parts.otherValues());
        // No anchors: the message id is its count alone.
        assertEquals(1, parts.messageIdBytes());
        // Kryo writes a long as a variable-length number: the zeroed bytes are those, without the class ids.
        int zeroed = 0;
        byte[] without = parts.withoutIds(message);
        for (int i = 0; i < message.length; i++) {
            if (without[i] != message[i]) {
                zeroed++;
            }
        }
        assertTrue(zeroed >= 14 && zeroed <= 20, "zeroed " + zeroed + " bytes of two random longs");
        // Nothing before the values is touched.
        assertTrue(countSamePrefix(message, without) > message.length - parts.valuesBytes());
    }

    @Test
    void findsLongsThatShareOneClassId() {
        // Values of one class: Kryo writes the class once for the list, not before each value.
        long root = random.nextLong() | (1L << 62);
        long xor = random.nextLong() | (1L << 62);
        byte[] message = tuple(PAIRS, MessageId.makeUnanchored(), root, xor);
        TupleBytes.Parts parts = new TupleBytes(conf).parse(message);

        assertEquals(List.of(root, xor), parts.ids());
        assertTrue(parts.otherValues().isEmpty());
        byte[] without = parts.withoutIds(message);
        int zeroed = 0;
        for (int i = 0; i < message.length; i++) {
            zeroed += without[i] != message[i] ? 1 : 0;
        }
        assertTrue(zeroed >= 14 && zeroed <= 20, "zeroed " + zeroed + " bytes of two random longs");
    }

    @Test
    void fixedLongsGiveAnAckersIdsTheBytesTheyHaveInTheAnchors() {
        long root = random.nextLong() | (1L << 62);
        long edge = random.nextLong() | (1L << 62);
        TupleBytes bytes = new TupleBytes(conf);
        byte[] anchored = tuple(Utils.DEFAULT_STREAM_ID, MessageId.makeRootId(root, edge), "{\"type\":\"view\"}");
        byte[] ack = tuple(ACKS, MessageId.makeUnanchored(), root, edge, 12);
        int[] rootAt = bytes.parse(anchored).idRanges().get(0);
        int[] edgeAt = bytes.parse(anchored).idRanges().get(1);

        byte[] rewritten = bytes.withFixedLongs(ack);

        for (int[] at : List.of(rootAt, edgeAt)) {
            byte[] id = java.util.Arrays.copyOfRange(anchored, at[0], at[1]);
            assertTrue(indexOf(rewritten, id) > 0, "the anchor's 8 bytes are in the rewritten acker tuple");
            assertEquals(-1, indexOf(ack, id), "Kryo's variable-length long is not the anchor's 8 bytes");
        }
        TupleBytes.Parts parts = bytes.parse(ack);
        int beforeValues = parts.headerBytes() + parts.messageIdBytes();
        assertTrue(countSamePrefix(ack, rewritten) >= beforeValues, "task, stream and message id unchanged");
        // The values as the batch transport's topologies ship them: its own serializer reads them back.
        Map<String, Object> batch = new HashMap<>(conf);
        batch.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        CompressionSetup.enable(batch, Map.of());
        assertEquals(List.of(root, edge, 12), new KryoValuesDeserializer(batch).deserializeFrom(
                new Input(rewritten, beforeValues, rewritten.length - beforeValues)));
    }

    /** Where {@code what} starts in {@code in}, or -1. */
    private static int indexOf(byte[] in, byte[] what) {
        return new String(in, StandardCharsets.ISO_8859_1).indexOf(new String(what, StandardCharsets.ISO_8859_1));
    }

    @Test
    void takesTheAckersTimeForAValueNotAnId() {
        long root = random.nextLong() | (1L << 62);
        byte[] message = tuple(ACKS, MessageId.makeUnanchored(), root, 17L, TASK);
        TupleBytes.Parts parts = new TupleBytes(conf).parse(message);

        assertEquals(List.of(root), parts.ids());
        assertEquals(List.of(17L, TASK), parts.otherValues());
    }

    @Test
    void floorCountsAnIdOncePerConnectionAndEachConnectionApart() {
        long root = random.nextLong();
        long edge = random.nextLong();
        long xor = random.nextLong();
        String event = "x".repeat(WireFloor.PAYLOAD_MIN_CHARS);
        byte[] spoutTuple = tuple(Utils.DEFAULT_STREAM_ID, MessageId.makeRootId(root, edge), event);
        byte[] ack = tuple(ACKS, MessageId.makeUnanchored(), root, xor, TASK);
        List<WireFloor.Bundle> bundles = List.of(
                new WireFloor.Bundle(0, List.of(new WireFloor.Message(1, spoutTuple), new WireFloor.Message(2, ack))),
                new WireFloor.Bundle(1, List.of(new WireFloor.Message(1, spoutTuple))));

        WireFloor.Floor floor = WireFloor.floor(bundles, new TupleBytes(conf), 22.0);

        assertEquals(6, floor.ids);
        assertEquals(6 * 8, floor.idBytesWritten);
        // Connection 0: root, edge, xor; connection 1: root and edge again (its receiver never saw them).
        assertEquals(5 * 8, floor.distinctIdBytes);
        // Anchors only, per bundle: root and edge in each bundle; the ack's root is a value, left in the codec.
        assertEquals(4 * 8, floor.bundleDistinctAnchorIdBytes);
        assertArrayEquals(ack, floor.withoutAnchorIds.get(0).messages().get(1).payload());
        assertEquals(2, floor.payloadTuples);
        assertEquals(2 * 22.0, floor.payloadBytes);
        // One value besides ids (the ack's task), once on its connection: no information.
        assertEquals(0.0, floor.valueBytes);
    }

    @Test
    void shippedFrameOfRandomIdsDoesNotShrinkBelowTheirFloor() {
        // 200 acker tuples of fresh random ids: zstd cannot take them below 8 bytes an id.
        List<WireFloor.Message> messages = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            messages.add(new WireFloor.Message(1, tuple(ACKS, MessageId.makeUnanchored(), random.nextLong(),
                    random.nextLong(), TASK)));
        }
        List<WireFloor.Bundle> bundle = List.of(new WireFloor.Bundle(0, messages));
        WireFloor.Floor floor = WireFloor.floor(bundle, new TupleBytes(conf), 0);
        long shipped = WireFloor.perBundle(bundle, 19, 1);
        assertTrue(shipped >= floor.total(), shipped + " bytes shipped, floor " + floor.total());
        assertNotEquals(0, floor.distinctIdBytes);
    }

    @Test
    void shippedIsWhatTheBatchTransportSendsWithTheIdsApart() {
        // Tuple trees as a batch topology writes them: the spout's event, its ack init and the bolt's ack.
        TupleBytes bytes = new TupleBytes(conf);
        List<String> events = EventSpout.events(60, 11);
        List<WireFloor.Message> messages = new ArrayList<>();
        List<TaskMessage> sent = new ArrayList<>();
        for (String event : events) {
            long root = random.nextLong();
            long edge = random.nextLong();
            for (byte[] tuple : List.of(tuple(Utils.DEFAULT_STREAM_ID, MessageId.makeRootId(root, edge), event),
                    tuple(ACKS, MessageId.makeUnanchored(), root, edge, TASK),
                    tuple(ACKS, MessageId.makeUnanchored(), root, random.nextLong()))) {
                byte[] fixed = bytes.withFixedLongs(tuple);
                messages.add(new WireFloor.Message(5, fixed));
                sent.add(new TaskMessage(5, fixed));
            }
        }
        IContext batch = new BatchCompressionContext();
        prepare(batch, WireFloor.transportConf(1));
        batch.connect("floor-1-1", "peer", 6701, null).send(sent.iterator());
        List<WireFloor.Bundle> bundle = List.of(new WireFloor.Bundle(0, messages));

        long transport = WireCountingContext.last.wireBytes;
        assertEquals(transport, WireFloor.shipped(bundle, 1));
        long idsInTheCodec = WireFloor.perBundle(bundle, 1, 1);
        assertTrue(transport < idsInTheCodec, transport + " B with the ids apart, " + idsInTheCodec + " B in the codec");
        // Each distinct id's 8 bytes at least: root, edge and the ack's xor per tree.
        assertTrue(transport > 60 * 3 * 8, transport + " B");
    }

    @SuppressWarnings("deprecation")
    private static void prepare(IContext context, Map<String, Object> conf) {
        context.prepare(conf);
    }

    private static void assertZeroedExactly(byte[] message, TupleBytes.Parts parts, int idBytes) {
        byte[] without = parts.withoutIds(message);
        int zeros = 0;
        for (int i = 0; i < message.length; i++) {
            if (without[i] != message[i]) {
                zeros++;
                assertTrue(i >= parts.headerBytes() && i < parts.headerBytes() + parts.messageIdBytes(),
                        "byte " + i + " zeroed outside the message id");
            }
        }
        // A random long has a zero byte now and then: at least all but a few of its bytes differ.
        assertTrue(zeros > idBytes - idBytes / 4 && zeros <= idBytes, zeros + " of " + idBytes);
    }

    private static int countSamePrefix(byte[] a, byte[] b) {
        int i = 0;
        while (i < a.length && a[i] == b[i]) {
            i++;
        }
        return i;
    }
}
