package dev.fluxext.compression.serializer;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.compression.storm.FrameGuardContext;
import dev.fluxext.compression.storm.StormKryo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.storm.Config;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tuple values on the batch-compressing transport: Longs as 8 fixed bytes, everything else as Kryo writes it. */
class FixedLongValuesTest {

    private final Random random = new Random(11);

    @BeforeEach
    void reset() {
        CompressionMetrics.reset();
    }

    /** A topology on the batch transport, as flux-core and {@code Compression.enableOn} wire it. */
    static Map<String, Object> batchTopology(Object... settings) {
        Map<String, Object> conf = StormKryo.stormDefaultConf();
        conf.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        CompressionSetup.enable(conf, settings(settings));
        return conf;
    }

    @Test
    void onlyTopologiesOnTheBatchTransportWriteFixedLongs() {
        assertTrue(CompressingListDelegateSerializer.valuesCarryLongMask(batchTopology()));
        assertFalse(CompressingListDelegateSerializer.valuesCarryLongMask(StormKryo.conf(settings())));
        Map<String, Object> netty = StormKryo.stormDefaultConf();
        netty.put(Config.STORM_MESSAGING_TRANSPORT, FrameGuardContext.DEFAULT_DELEGATE);
        CompressionSetup.enable(netty, settings());
        assertFalse(CompressingListDelegateSerializer.valuesCarryLongMask(netty));
    }

    @Test
    void anAckersIdsAreTheirEightBytesAsInTheAnchors() {
        long root = random.nextLong() | (1L << 62);
        long xor = random.nextLong() | (1L << 61);
        List<Object> ackInit = List.of(root, xor, 12);

        byte[] ours = StormKryo.serializer(batchTopology()).serialize(ackInit);
        byte[] storms = StormKryo.serializer(StormKryo.stormDefaultConf()).serialize(ackInit);

        for (long id : new long[] {root, xor}) {
            byte[] asAnchor = asMessageIdWritesIt(id);
            assertTrue(indexOf(ours, asAnchor) >= 0, "id " + id + " in " + Arrays.toString(ours));
            assertEquals(-1, indexOf(storms, asAnchor), "Storm's Kryo writes a long with a variable length");
        }
        // Count, the mask of Longs, their 8 bytes each, then class id and varint for the task: 1 + 1 + 2 * 8 + 2.
        assertEquals(20, ours.length);
        assertEquals(3, ours[0]);
        assertEquals(0b011, ours[1], "values 0 and 1 are Longs");
        assertArrayEquals(asMessageIdWritesIt(root), Arrays.copyOfRange(ours, 2, 10), "the Longs right after the mask");
        assertArrayEquals(asMessageIdWritesIt(xor), Arrays.copyOfRange(ours, 10, 18));
        assertTrue(storms.length > ours.length, storms.length + " bytes in Storm's encoding");
    }

    @Test
    void roundTripsEveryKindOfValueRawAndCompressed() {
        for (String codec : List.of("none", "zstd")) {
            Map<String, Object> conf = batchTopology(CompressionOptions.CODEC.key(), codec,
                    CompressionOptions.THRESHOLD.key(), 64);
            KryoValuesSerializer ser = StormKryo.serializer(conf);
            KryoValuesDeserializer des = StormKryo.deserializer(conf);
            Map<String, Object> map = new HashMap<>();
            map.put("count", 5L);
            map.put("name", "x");
            List<List<Object>> tuples = List.of(
                    List.of(),
                    List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L),
                    Arrays.asList("word", null, 7L, 3, 2.5, true, new byte[] {1, 2}),
                    List.of(new ArrayList<>(List.of(1L, random.nextLong())), map),
                    List.of("a long paragraph that compresses well ".repeat(20), random.nextLong()),
                    manyValuesWithLongs());
            for (List<Object> values : tuples) {
                List<Object> back = des.deserialize(ser.serialize(values));
                SerializerRoundTripTest.assertValuesEqual(values, back);
                for (int i = 0; i < values.size(); i++) {
                    if (values.get(i) != null) {
                        assertEquals(values.get(i).getClass(), back.get(i).getClass(), codec + ": value " + i);
                    }
                }
            }
        }
    }

    @Test
    void loadMetricsBetweenWorkersReadAsTheyAreWritten() {
        // Storm's Netty server sends its tasks' load as a values list of one map, outside any tuple, through the
        // topology's serializer; the client reads it with the same topology config.
        Map<Integer, Double> load = new HashMap<>(Map.of(3, 0.25, 4, 1.0)); // a HashMap, as Storm sends
        Map<String, Object> conf = batchTopology();
        conf.put(Config.STORM_ID, "load-1");
        byte[] sent = StormKryo.serializer(conf).serialize(List.of(load));
        assertEquals(List.of(load), StormKryo.deserializer(conf).deserialize(sent));
    }

    @Test
    void aCountBeyondTheBytesOrATruncatedLongIsRejected() {
        KryoValuesDeserializer des = StormKryo.deserializer(batchTopology());
        long id = random.nextLong();
        byte[] good = StormKryo.serializer(batchTopology()).serialize(List.of(id, "tail"));
        SerializerRoundTripTest.assertValuesEqual(List.of(id, "tail"), des.deserialize(good));

        byte[] manyValues = good.clone();
        manyValues[0] = 50; // declares 50 values in a dozen bytes (a first byte under 64: no frame header)
        RuntimeException tooMany = assertThrows(RuntimeException.class, () -> des.deserialize(manyValues));
        assertInstanceOf(FrameRejectedException.class, tooMany, tooMany.toString());
        assertTrue(tooMany.getMessage().contains("tuple values declares 50"), tooMany.getMessage());

        byte[] oneLongCut = Arrays.copyOf(StormKryo.serializer(batchTopology()).serialize(List.of(7L)), 6);
        RuntimeException cut = assertThrows(RuntimeException.class, () -> des.deserialize(oneLongCut));
        assertInstanceOf(FrameRejectedException.class, cut, cut.toString());

        byte[] maskBeyondCount = good.clone();
        maskBeyondCount[1] = 0b100; // value 2 of 2 values
        RuntimeException beyond = assertThrows(RuntimeException.class, () -> des.deserialize(maskBeyondCount));
        assertInstanceOf(FrameRejectedException.class, beyond, beyond.toString());
        assertTrue(beyond.getMessage().contains("beyond their count 2"), beyond.getMessage());
    }

    /** 40 values, Longs among them before and after the mask's last bit (value 30). */
    private List<Object> manyValuesWithLongs() {
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            values.add(i % 3 == 0 ? (Object) random.nextLong() : "v" + i);
        }
        return values;
    }

    private static byte[] asMessageIdWritesIt(long id) {
        Output out = new Output(8);
        out.writeLong(id); // MessageId.serialize writes each anchor's ids so
        return out.toBytes();
    }

    /** Where {@code what} starts in {@code in}, or -1. */
    private static int indexOf(byte[] in, byte[] what) {
        return new String(in, StandardCharsets.ISO_8859_1).indexOf(new String(what, StandardCharsets.ISO_8859_1));
    }
}
