package dev.fluxext.compression.serializer;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.guard.KnownTopologies;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.compression.storm.StormKryo;
import dev.fluxext.compression.wire.WireCounter;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Tuples through Storm's own values serializer with ours plugged in, for every codec and option. */
class SerializerRoundTripTest {

    static final int THRESHOLD = 512;

    static Stream<Arguments> settingsPerCodec() {
        String codec = CompressionOptions.CODEC.key();
        return Stream.of(
                Arguments.of(settings(codec, "none")),
                Arguments.of(settings(codec, "zstd")),
                Arguments.of(settings(codec, "zstd", CompressionOptions.ZSTD_LEVEL.key(), 19,
                        CompressionOptions.ZSTD_WINDOW_LOG.key(), 16)),
                Arguments.of(settings(codec, "zstd", CompressionOptions.ZSTD_LEVEL.key(), -3)),
                Arguments.of(settings(codec, "lz4")),
                Arguments.of(settings(codec, "lz4", CompressionOptions.LZ4_LEVEL.key(), 9)),
                Arguments.of(settings(codec, "snappy")),
                Arguments.of(settings(codec, "gzip", CompressionOptions.GZIP_LEVEL.key(), 1)),
                Arguments.of(settings(codec, "gzip", CompressionOptions.GZIP_LEVEL.key(), 9)))
                .map(a -> {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> s = (Map<String, Object>) a.get()[0];
                    s.put(CompressionOptions.THRESHOLD.key(), THRESHOLD);
                    s.put(CompressionSetup.COMPONENT_ID_KEY, "c-" + s.get(codec) + "-" + s.hashCode());
                    return Arguments.of(s.get(codec) + " " + s, s);
                });
    }

    @BeforeEach
    void reset() {
        CompressionMetrics.reset();
    }

    /** One byte[] value whose tuple serializes (Storm's default encoding) to exactly {@code size} bytes. */
    static List<Object> valuesOfSerializedSize(int size, boolean random) {
        int length = size - 3;
        length -= stormDefaultSize(List.of(new byte[length])) - size;
        byte[] payload = new byte[length];
        if (random) {
            new Random(size).nextBytes(payload);
        } else {
            for (int i = 0; i < payload.length; i++) {
                payload[i] = (byte) ("storm tuples compress well " .charAt(i % 27));
            }
        }
        List<Object> values = List.of(payload);
        assertEquals(size, stormDefaultSize(values));
        return values;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settingsPerCodec")
    void roundTripsMixedRawAndCompressedTraffic(String name, Map<String, Object> settings) {
        Map<String, Object> conf = StormKryo.conf(settings);
        conf.putAll(settings);
        KryoValuesSerializer ser = StormKryo.serializer(conf);
        KryoValuesDeserializer des = StormKryo.deserializer(conf);
        boolean compresses = !"none".equals(settings.get(CompressionOptions.CODEC.key()));

        List<List<Object>> tuples = new ArrayList<>();
        tuples.add(List.of());
        tuples.add(List.of("x"));
        for (int size : new int[] {4, THRESHOLD - 1, THRESHOLD, THRESHOLD + 1, 1 << 20}) {
            tuples.add(valuesOfSerializedSize(size, false));
        }
        List<Object> incompressible = valuesOfSerializedSize(64 * 1024, true);
        tuples.add(incompressible);
        tuples.add(List.of("a sentence", 42, 7L, 2.5, true, new ArrayList<>(List.of("nested", "list"))));
        int expectedCompressed = 0;
        String stormId = "round-trip-" + settings.get(CompressionSetup.COMPONENT_ID_KEY);
        KnownTopologies.registered(StormKryo.stormDefaultConf(), stormId,
                Map.of(7, settings.get(CompressionSetup.COMPONENT_ID_KEY).toString()));
        WireCounter counter = new WireCounter(stormId);
        for (int pass = 0; pass < 2; pass++) {
            for (List<Object> values : tuples) {
                byte[] wire = ser.serialize(values);
                assertTrue(counter.count(tupleMessage(wire)), name);
                int serialized = stormDefaultSize(values);
                boolean expectCompressed = compresses && serialized > THRESHOLD && values != incompressible;
                if (expectCompressed) {
                    assertTrue(FrameFormat.looksLikeHeader(wire[0]) && (wire[0] & FrameFormat.CODEC_MASK) != 0,
                            name + ": " + serialized + " bytes not compressed");
                } else {
                    assertArrayEquals(STORM_DEFAULT.serialize(values), wire, name + ": raw is Storm's own encoding");
                }
                expectedCompressed += expectCompressed ? 1 : 0;
                List<Object> back = des.deserialize(wire);
                assertValuesEqual(values, back);
            }
        }

        counter.flush();
        CompressionSnapshot s = CompressionMetrics.snapshot().get(settings.get(CompressionSetup.COMPONENT_ID_KEY));
        long compressed = s.tuplesCompressed();
        assertEquals(2L * tuples.size(), compressed + s.tuplesRaw());
        assertEquals(expectedCompressed, compressed, name);
        assertEquals(compresses ? 2 * 2 : 0, expectedCompressed, name); // threshold+1 and 1 MB of text
        assertEquals(settings.get(CompressionOptions.CODEC.key()), s.codec());
        if (compresses) {
            assertTrue(s.bytesOut() < s.bytesIn() / 5, name + ": " + s);
            assertTrue(s.nanos() > 0, name);
        } else {
            assertEquals(s.bytesIn(), s.bytesOut(), "raw frames cost nothing");
        }
    }

    /** The values as KryoTupleSerializer frames them: source task 7, stream 1, no anchors, then the values. */
    static byte[] tupleMessage(byte[] values) {
        byte[] message = new byte[3 + values.length];
        message[0] = 7;
        message[1] = 1;
        System.arraycopy(values, 0, message, 3, values.length);
        return message;
    }

    @Test
    void rawFrameCarriesExactlyStormsDefaultEncoding() {
        KryoValuesSerializer storm = StormKryo.serializer(StormKryo.stormDefaultConf());
        KryoValuesSerializer ours = StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), "none")));
        KryoValuesSerializer oursBelowThreshold =
                StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), "zstd")));
        List<Object> values = List.of("word", 3, new ArrayList<>(List.of(1L, 2L)));
        byte[] expected = storm.serialize(values);
        for (KryoValuesSerializer s : List.of(ours, oursBelowThreshold)) {
            assertArrayEquals(expected, s.serialize(values));
        }
    }

    /**
     * Kryo writes a list's length with a flag in the first byte's top bit and "more bytes" in the next: a tuple of
     * 63 or more values (flag off) starts with the header's version bits, so its raw frame gets the raw header.
     */
    @Test
    void rawValuesThatStartLikeAHeaderGetTheRawHeaderAndRoundTrip() {
        KryoValuesDeserializer receiver = StormKryo.deserializer(StormKryo.conf(settings()));
        Map<String, Object> none = settings(CompressionOptions.CODEC.key(), "none");
        none.put(CompressionSetup.COMPONENT_ID_KEY, "like-a-header");
        KryoValuesSerializer ours = StormKryo.serializer(StormKryo.conf(none));
        KryoValuesSerializer oursBelowThreshold =
                StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), "zstd")));
        String stormId = "like-a-header";
        KnownTopologies.registered(StormKryo.stormDefaultConf(), stormId, Map.of(7, "like-a-header"));
        WireCounter counter = new WireCounter(stormId);
        int withHeader = 0;
        for (int n = 0; n <= 200; n++) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(i % 2 == 0 ? (Object) i : (Object) ("v" + i));
            }
            byte[] storm = STORM_DEFAULT.serialize(values);
            boolean startsLikeAHeader = FrameFormat.looksLikeHeader(storm[0]);
            withHeader += startsLikeAHeader ? 1 : 0;
            for (KryoValuesSerializer s : List.of(ours, oursBelowThreshold)) {
                byte[] wire = s.serialize(values);
                if (startsLikeAHeader) {
                    assertEquals(FrameFormat.header(FrameFormat.RAW), wire[0] & 0xFF, n + " values");
                    assertArrayEquals(storm, Arrays.copyOfRange(wire, 1, wire.length), n + " values");
                } else {
                    assertArrayEquals(storm, wire, n + " values");
                }
                assertEquals(values, receiver.deserialize(wire), n + " values");
            }
            assertTrue(counter.count(tupleMessage(ours.serialize(values))));
        }
        assertTrue(withHeader > 100, withHeader + " of 201 lists start like a header");
        counter.flush();
        CompressionSnapshot s = CompressionMetrics.snapshot().get("like-a-header");
        assertEquals(201, s.tuplesRaw());
        assertEquals(s.bytesIn() + withHeader, s.bytesOut(), "only those pay the header byte");
    }

    /**
     * Storm writes the tuple's source, stream and message id before the values: the frame is built in place after
     * them and must leave them intact, whether it ends up compressed or raw, and whatever the buffer had to grow to.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("settingsPerCodec")
    void framesInPlaceAfterWhatStormWroteBefore(String name, Map<String, Object> settings) {
        KryoValuesSerializer ser = StormKryo.serializer(StormKryo.conf(settings));
        KryoValuesDeserializer des = StormKryo.deserializer(StormKryo.conf(settings()));
        byte[] prefix = {7, 1, 0, 42};
        for (int size : new int[] {4, THRESHOLD + 1, 1 << 20}) {
            List<Object> values = valuesOfSerializedSize(size, false);
            Output out = new Output(16, -1); // small: the values make it grow
            out.writeBytes(prefix);
            ser.serializeInto(values, out);
            byte[] message = out.toBytes();
            assertArrayEquals(prefix, Arrays.copyOf(message, prefix.length), name + ", " + size + " bytes");
            assertValuesEqual(values, des.deserialize(Arrays.copyOfRange(message, prefix.length, message.length)));
        }
    }

    /** An {@code Output} writing through to a stream (not Storm's way) cannot be framed in place: still round trips. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("settingsPerCodec")
    void roundTripsThroughAnOutputThatWritesToAStream(String name, Map<String, Object> settings) {
        KryoValuesSerializer ser = StormKryo.serializer(StormKryo.conf(settings));
        KryoValuesDeserializer des = StormKryo.deserializer(StormKryo.conf(settings()));
        boolean compresses = !"none".equals(settings.get(CompressionOptions.CODEC.key()));
        for (int size : new int[] {4, THRESHOLD + 1, 64 * 1024}) {
            List<Object> values = valuesOfSerializedSize(size, false);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Output out = new Output(stream, 32); // flushes to the stream many times within the values
            ser.serializeInto(values, out);
            out.flush();
            byte[] wire = stream.toByteArray();
            assertEquals(compresses && size > THRESHOLD,
                    FrameFormat.looksLikeHeader(wire[0]) && (wire[0] & FrameFormat.CODEC_MASK) != 0,
                    name + ", " + size + " bytes compressed");
            assertValuesEqual(values, des.deserialize(wire));
        }
    }

    @Test
    void readsRawFramesWithTheHeaderAsEarlierVersionsWroteThem() {
        KryoValuesDeserializer receiver = StormKryo.deserializer(StormKryo.conf(settings()));
        List<Object> values = List.of("word", 3, new ArrayList<>(List.of(1L, 2L)));
        byte[] storm = STORM_DEFAULT.serialize(values);
        byte[] framed = new byte[storm.length + 1];
        framed[0] = (byte) FrameFormat.header(FrameFormat.RAW);
        System.arraycopy(storm, 0, framed, 1, storm.length);
        assertValuesEqual(values, receiver.deserialize(framed));
    }

    @Test
    void receiverDecodesEveryCodecWhateverItsOwnSettings() {
        KryoValuesDeserializer receiver = StormKryo.deserializer(StormKryo.conf(settings()));
        List<Object> values = valuesOfSerializedSize(10_000, false);
        for (String codec : List.of("zstd", "lz4", "snappy", "gzip")) {
            KryoValuesSerializer sender = StormKryo.serializer(StormKryo.conf(settings(
                    CompressionOptions.CODEC.key(), codec)));
            assertValuesEqual(values, receiver.deserialize(sender.serialize(values)));
        }
    }

    @Test
    void storm3KeysSelectZstdAndItsLevel() {
        Map<String, Object> conf = StormKryo.conf(settings());
        conf.put(CompressionOptions.STORM3_ENABLE, true);
        conf.put(CompressionOptions.STORM3_THRESHOLD, 100L);
        conf.put(CompressionSetup.COMPONENT_ID_KEY, "storm3");
        byte[] wire = StormKryo.serializer(conf).serialize(valuesOfSerializedSize(200, false));
        assertEquals(FrameFormat.header(1), wire[0] & 0xFF, "zstd frame");
        assertEquals("zstd", CompressionMetrics.snapshot().get("storm3").codec());
    }

    private static final KryoValuesSerializer STORM_DEFAULT = StormKryo.serializer(StormKryo.stormDefaultConf());

    static int stormDefaultSize(List<Object> values) {
        return STORM_DEFAULT.serialize(values).length;
    }

    static void assertValuesEqual(List<Object> expected, List<Object> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i) instanceof byte[] b) {
                assertArrayEquals(b, (byte[]) actual.get(i));
            } else {
                assertEquals(expected.get(i), actual.get(i));
            }
        }
    }
}
