package dev.fluxext.compression.batch;

import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.storm.CompressionSetup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.storm.Config;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * Storm's ids apart from the codec in a bundle: tuples as a topology on the batch transport writes them arrive byte
 * for byte, each distinct id travels once per frame outside the compressed body, and messages that do not look like
 * such tuples travel as they are.
 */
class BundleIdsTest {

    private static final int SPOUT_TASK = 7;
    private final Random random = new Random(5);
    private final KryoValuesSerializer values = new KryoValuesSerializer(batchTopology());

    static Map<String, Object> batchTopology() {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        CompressionSetup.enable(conf, Map.of());
        return conf;
    }

    /** A tuple as Storm's {@code KryoTupleSerializer} writes it: task, stream, message id, then the values. */
    byte[] tuple(int source, int stream, long[] anchors, List<Object> tupleValues) {
        Output out = new Output(256, -1);
        out.writeInt(source, true);
        out.writeInt(stream, true);
        out.writeInt(anchors.length / 2, true);
        for (long id : anchors) {
            out.writeLong(id); // root, then edge, per anchor (MessageId.serialize)
        }
        values.serializeInto(tupleValues, out);
        return out.toBytes();
    }

    /** Per tuple tree: the spout tuple, the spout's ack init to the acker, and the bolt's ack with a fresh xor. */
    List<TaskMessage> trees(int n) {
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long root = randomId();
            long edge = randomId();
            bundle.add(new TaskMessage(3, tuple(SPOUT_TASK, 1, new long[] {root, edge},
                    List.of("{\"event\":" + i + ",\"type\":\"view\",\"user\":\"u" + random.nextInt(500) + "\"}"))));
            bundle.add(new TaskMessage(5, tuple(SPOUT_TASK, 2, new long[0], List.of(root, edge, SPOUT_TASK))));
            bundle.add(new TaskMessage(5, tuple(4, 3, new long[0], List.of(root, randomId()))));
        }
        return bundle;
    }

    /** The frame's id section: what follows its compressed body. */
    static int idSectionBytes(byte[] frame) {
        long length = BatchFormat.readVarInt(frame, 1, frame.length);
        long compressed = BatchFormat.readVarInt(frame, varIntEnd(length), frame.length);
        return frame.length - varIntEnd(compressed) - varIntValue(compressed);
    }

    @Test
    void aTupleTreesIdsTravelOncePerFrameAndArriveInPlace() {
        Loopback link = Loopback.inTopology(batchTopology(), "codec", "zstd");
        List<TaskMessage> bundle = trees(60);

        link.sender.send(bundle.iterator());

        BatchRoundTripTest.assertSame(bundle, link.received());
        assertEquals(1, link.wire.size());
        byte[] frame = link.wire.get(0).message();
        assertEquals(FrameFormat.header(CodecId.ZSTD.id()) | BatchFormat.IDS_APART, frame[0] & 0xFF);
        // Root, edge and the ack's xor per tree; the ack init's root and xor (the edge) and the ack's root are
        // references.
        assertEquals(60 * 3 * 8, idSectionBytes(frame));
        int inCodec = bodyCompressedAsItIs(bundle);
        assertTrue(frame.length < inCodec, frame.length + " bytes with ids apart, " + inCodec + " with ids in the codec");
    }

    @Test
    void aRootAnchoringEveryTupleKeepsOneTokenAndFarRepeatsAreFound() {
        // A paragraph's word tuples: the same root id, a new edge id each; then the acks of the first words, their
        // edges many ids back.
        long root = randomId();
        long[] edges = new long[40];
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < edges.length; i++) {
            edges[i] = randomId();
            bundle.add(new TaskMessage(3, tuple(SPOUT_TASK, 1, new long[] {root, edges[i]}, List.of("word" + i))));
        }
        for (int i = 0; i < 3; i++) {
            bundle.add(new TaskMessage(5, tuple(4, 2, new long[0], List.of(root, edges[i]))));
        }
        IdSplitter splitter = new IdSplitter(true);
        byte[] body = body(bundle);

        assertTrue(splitter.split(body, 0, body.length));

        List<byte[]> stripped = messages(splitter.body(), splitter.bodyLength());
        byte newId = IdSplitter.NEW;
        assertArrayEquals(new byte[] {newId, newId}, Arrays.copyOfRange(stripped.get(0), 3, 5), "both ids new");
        for (int i = 1; i < edges.length; i++) {
            assertArrayEquals(new byte[] {(byte) (newId + 2), newId}, Arrays.copyOfRange(stripped.get(i), 3, 5),
                    "word " + i + ": the root second among the recent ids, the edge new");
        }
        // The first ack: values count 2, mask 0b11, then the root (recent) and the first edge, 40 distinct ids back.
        byte[] ack = stripped.get(edges.length);
        assertArrayEquals(new byte[] {2, 0b11, (byte) (newId + 2), (byte) (newId + IdSplitter.RECENT + 40)},
                Arrays.copyOfRange(ack, 3, 7));
        assertEquals(41 * 8, splitter.idsLength(), "each distinct id once");
        Loopback link = Loopback.inTopology(batchTopology(), "codec", "zstd");
        link.sender.send(bundle.iterator());
        BatchRoundTripTest.assertSame(bundle, link.received());
    }

    @Test
    void messagesThatAreNotSuchTuplesTravelAsTheyAre() {
        byte[] tuple = tuple(SPOUT_TASK, 1, new long[] {random.nextLong(), random.nextLong()}, List.of(9L, "x"));
        byte[] cutInTheAnchors = Arrays.copyOf(tuple, 12);
        byte[] cutInTheValuesLong = Arrays.copyOf(tuple, tuple.length - 4);
        byte[] compressedValues = tuple.clone();
        compressedValues[3 + 16] = (byte) FrameFormat.header(CodecId.ZSTD.id()); // the values' first byte
        byte[] noise = new byte[120];
        random.nextBytes(noise);
        List<TaskMessage> bundle = new ArrayList<>(trees(5));
        for (byte[] odd : List.of(cutInTheAnchors, cutInTheValuesLong, compressedValues, noise, new byte[0],
                new byte[] {1}, tuple)) {
            bundle.add(new TaskMessage(9, odd));
        }
        IdSplitter splitter = new IdSplitter(true);
        byte[] body = body(bundle);

        assertTrue(splitter.split(body, 0, body.length));

        List<Boolean> flags = flags(splitter.body(), splitter.bodyLength());
        assertEquals(List.of(false, false, true), flags.subList(flags.size() - 7, flags.size() - 4),
                "cut short: as they are; values behind a frame header: only the anchors' ids apart");
        assertEquals(true, flags.get(flags.size() - 1), "the whole tuple");
        Loopback link = Loopback.inTopology(batchTopology(), "codec", "zstd");
        link.sender.send(bundle.iterator());
        BatchRoundTripTest.assertSame(bundle, link.received());
    }

    @Test
    void randomTupleLikeMessagesRoundTrip() {
        // Tuples of every shape the rule reads (0-3 anchors, 0-40 values, Longs anywhere), ids repeated at random
        // across them, among messages of random bytes: every bundle arrives byte for byte.
        Loopback link = Loopback.inTopology(batchTopology(), "codec", "zstd", "max.batch.bytes", 8192, "min.saving.percent", 0,
                "min.batch.bytes", 0);
        List<Long> ids = new ArrayList<>();
        List<TaskMessage> all = new ArrayList<>();
        for (int b = 0; b < 200; b++) {
            List<TaskMessage> bundle = new ArrayList<>();
            for (int m = random.nextInt(30); m >= 0; m--) {
                if (random.nextInt(8) == 0) {
                    byte[] noise = new byte[random.nextInt(60)];
                    random.nextBytes(noise);
                    bundle.add(new TaskMessage(random.nextInt(Short.MAX_VALUE), noise));
                    continue;
                }
                long[] anchors = new long[2 * random.nextInt(4)];
                for (int i = 0; i < anchors.length; i++) {
                    anchors[i] = id(ids);
                }
                List<Object> tupleValues = new ArrayList<>();
                for (int v = random.nextInt(41); v > 0; v--) {
                    tupleValues.add(random.nextBoolean() ? id(ids) : (Object) ("w" + random.nextInt(100)));
                }
                bundle.add(new TaskMessage(random.nextInt(Short.MAX_VALUE),
                        tuple(random.nextInt(100), random.nextInt(5), anchors, tupleValues)));
            }
            all.addAll(bundle);
            link.sender.send(bundle.iterator());
        }
        BatchRoundTripTest.assertSame(all, link.received());
        List<byte[]> compressed = link.wire.stream().map(TaskMessage::message)
                .filter(f -> (f[0] & FrameFormat.CODEC_MASK) != FrameFormat.RAW).toList();
        assertTrue(compressed.size() > 150, compressed.size() + " of 200 bundles compressed (the others: not smaller)");
        assertTrue(compressed.stream().allMatch(f -> (f[0] & BatchFormat.IDS_APART) != 0),
                "every compressed frame has its ids apart");
    }

    @Test
    void smallNumbersStayInPlaceForTheCodec() {
        // Sequence-numbered anchors and counts: no random ids, so nothing goes apart and the codec shrinks them as
        // before (within the flag and the tokens' bytes).
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            bundle.add(new TaskMessage(3, tuple(SPOUT_TASK, 1, new long[] {i, 31L * i},
                    List.of("word" + (i % 7), (long) i * 3, System.currentTimeMillis()))));
        }
        Loopback link = Loopback.inTopology(batchTopology(), "codec", "zstd");

        link.sender.send(bundle.iterator());

        BatchRoundTripTest.assertSame(bundle, link.received());
        byte[] frame = link.wire.get(0).message();
        assertEquals(0, idSectionBytes(frame));
        assertTrue(frame.length <= bodyCompressedAsItIs(bundle) + 60, frame.length + " bytes, "
                + bodyCompressedAsItIs(bundle) + " with the body compressed as it is");
        assertFalse(IdSplitter.looksRandom(System.currentTimeMillis()));
        assertFalse(IdSplitter.looksRandom(-5));
        assertTrue(IdSplitter.looksRandom(0x7F00_0000_0000_0000L));
    }

    @Test
    void valuesWithoutTheMaskKeepTheirBytesInTheCodec() {
        // A topology without fluxext's serializer: Storm's values, whose first bytes may look like a count and a
        // mask. Only the anchors' ids go apart; the values' bytes stay where they are, and all arrives intact.
        Map<String, Object> storms = new HashMap<>(Utils.readDefaultConfig());
        storms.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        assertFalse(BatchSettings.fromConf(storms).idsInValues());
        assertTrue(BatchSettings.fromConf(batchTopology()).idsInValues());
        KryoValuesSerializer stormValues = new KryoValuesSerializer(storms);
        List<TaskMessage> bundle = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Output out = new Output(256, -1);
            out.writeInt(SPOUT_TASK, true);
            out.writeInt(1, true);
            out.writeInt(1, true);
            out.writeLong(randomId());
            out.writeLong(randomId());
            stormValues.serializeInto(List.of("{\"event\":" + i + ",\"type\":\"view\"}"), out);
            bundle.add(new TaskMessage(3, out.toBytes()));
        }
        Loopback link = Loopback.inTopology(storms, "codec", "zstd");

        link.sender.send(bundle.iterator());

        BatchRoundTripTest.assertSame(bundle, link.received());
        assertEquals(40 * 2 * 8, idSectionBytes(link.wire.get(0).message()), "the anchors' ids only");
    }

    @Test
    void aBundleWhoseTaskIsNoShortIsCompressedWithItsIdsIn() {
        IdSplitter splitter = new IdSplitter(true);
        byte[] body = body(List.of(new TaskMessage(70_000, tuple(1, 1, new long[] {1, 2}, List.of()))));
        assertFalse(splitter.split(body, 0, body.length));
    }

    /** A random id as Storm draws them, its top byte neither 0 nor -1 (as all but 1 in 128 of Storm's are). */
    long randomId() {
        return (random.nextLong() | (1L << 62)) & ~(1L << 60);
    }

    private long id(List<Long> ids) {
        if (!ids.isEmpty() && random.nextInt(3) == 0) {
            return ids.get(random.nextInt(ids.size()));
        }
        long id = random.nextLong();
        ids.add(id);
        return id;
    }

    /** The body as {@link BatchWriter} writes it. */
    static byte[] body(List<TaskMessage> messages) {
        BatchWriter writer = new BatchWriter(null, 0, Integer.MAX_VALUE, 0, 0, true,
                dev.fluxext.compression.metrics.BatchMetrics.counters("body"));
        messages.forEach(writer::add);
        byte[] frame = writer.finish().message();
        return Arrays.copyOfRange(frame, 1, frame.length); // the raw frame's body
    }

    /** Each message's payload in a split body. */
    static List<byte[]> messages(byte[] body, int end) {
        List<byte[]> messages = new ArrayList<>();
        long count = BatchFormat.readVarInt(body, 0, end);
        int pos = varIntEnd(count);
        for (int i = 0; i < varIntValue(count); i++) {
            long task = BatchFormat.readVarInt(body, pos, end);
            long length = BatchFormat.readVarInt(body, varIntEnd(task), end);
            pos = varIntEnd(length);
            messages.add(Arrays.copyOfRange(body, pos, pos + varIntValue(length)));
            pos += varIntValue(length);
        }
        return messages;
    }

    /** Each message's flag in a split body. */
    static List<Boolean> flags(byte[] body, int end) {
        List<Boolean> flags = new ArrayList<>();
        long count = BatchFormat.readVarInt(body, 0, end);
        int pos = varIntEnd(count);
        for (int i = 0; i < varIntValue(count); i++) {
            long task = BatchFormat.readVarInt(body, pos, end);
            long length = BatchFormat.readVarInt(body, varIntEnd(task), end);
            flags.add((varIntValue(task) & 1) != 0);
            pos = varIntEnd(length) + varIntValue(length);
        }
        return flags;
    }

    /** The frame of the same bundle with its ids left in the codec's input (the format before ids went apart). */
    static int bodyCompressedAsItIs(List<TaskMessage> bundle) {
        byte[] body = body(bundle);
        var codec = CodecId.ZSTD.create(CompressionSettings.defaults());
        byte[] out = new byte[codec.maxCompressedLength(body.length)];
        int n = codec.compress(body, 0, body.length, out, 0, out.length);
        return 1 + FrameFormat.varIntLength(body.length) + FrameFormat.varIntLength(n) + n;
    }
}
