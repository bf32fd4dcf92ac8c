package dev.fluxext.compression.serializer;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.storm.StormKryo;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.tuple.Values;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Frames an attacker or a bug could send. Each must be rejected with {@link FrameRejectedException} and nothing
 * allocated for what it declares: surefire also runs this class with {@code -Xmx64m}, where any attempt to
 * allocate a declared multi-GB size fails with OutOfMemoryError instead.
 */
class HostileFrameTest {

    static final int CAP = 1 << 20;
    static final List<Object> GOOD = List.of("a good tuple ".repeat(200));

    KryoValuesDeserializer receiver;
    Map<String, Object> conf;

    @BeforeEach
    void setUp() {
        CompressionMetrics.reset();
        conf = StormKryo.conf(settings(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), CAP));
        receiver = StormKryo.deserializer(conf);
    }

    static byte[] frame(int header, long... varints) {
        Output out = new Output(64, -1);
        out.writeByte(header);
        for (long v : varints) {
            out.writeVarLong(v, true);
        }
        return out.toBytes();
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    FrameRejectedException rejects(byte[] wire) {
        FrameRejectedException e = assertThrows(FrameRejectedException.class, () -> receiver.deserialize(wire));
        // The receiver is still usable.
        assertEquals(GOOD, receiver.deserialize(sender("zstd").serialize(GOOD)));
        return e;
    }

    private static final Map<String, KryoValuesSerializer> SENDERS = new java.util.HashMap<>();

    static KryoValuesSerializer sender(String codec) {
        return SENDERS.computeIfAbsent(codec,
                c -> StormKryo.serializer(StormKryo.conf(settings(CompressionOptions.CODEC.key(), c))));
    }

    @Test
    void rejectsMultiGigabyteDeclarationsBeforeAllocating() {
        for (CodecId codec : CodecId.values()) {
            for (long declared : new long[] {CAP + 1L, Integer.MAX_VALUE, Integer.MAX_VALUE - 8}) {
                byte[] payload = new byte[100];
                FrameRejectedException e = rejects(concat(frame(FrameFormat.header(codec.id()), declared, 100),
                        payload));
                assertTrue(e.getMessage().contains("cap of " + CAP + " bytes"), e.getMessage());
                assertTrue(e.getMessage().contains(CompressionOptions.MAX_DECOMPRESSED_BYTES.key()), e.getMessage());
            }
            // 4 GB, 8 GB and 2^63: varints longer than an int are never read as a size that fits.
            for (long declared : new long[] {1L << 32, (1L << 33) + 5, Long.MAX_VALUE}) {
                rejects(concat(frame(FrameFormat.header(codec.id()), declared, 100), new byte[100]));
            }
        }
        assertTrue(CompressionMetrics.snapshot().get(CompressionMetrics.UNKNOWN_SENDER).rejected() >= 24);
    }

    @Test
    void rejectsAtTheCapOfTheReceiverNotTheSender() {
        Map<String, Object> big = settings(CompressionOptions.CODEC.key(), "zstd",
                CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), 64 << 20);
        List<Object> overCap = List.of(new byte[CAP + 10]);
        byte[] wire = StormKryo.serializer(StormKryo.conf(big)).serialize(overCap);
        FrameRejectedException e = rejects(wire);
        assertTrue(e.getMessage().contains("more than the cap of " + CAP), e.getMessage());
    }

    @Test
    void rejectsLyingLengthsForEveryCodec() {
        byte[] values = "lying frames say one thing and hold another ".repeat(300).getBytes();
        for (CodecId id : CodecId.values()) {
            var codec = id.create(CompressionSettings.defaults());
            byte[] c = new byte[codec.maxCompressedLength(values.length)];
            int n = codec.compress(values, 0, values.length, c, 0, c.length);
            byte[] body = Arrays.copyOf(c, n);
            for (int declared : new int[] {values.length - 1, values.length + 1, values.length / 2, 1}) {
                FrameRejectedException e = rejects(concat(frame(FrameFormat.header(id.id()), declared, n), body));
                assertTrue(e.getMessage().contains(id.configName()), e.getMessage());
            }
            // The compressed length lies too: shorter (truncated body) and longer than present.
            rejects(concat(frame(FrameFormat.header(id.id()), values.length, n - 10), body));
            rejects(concat(frame(FrameFormat.header(id.id()), values.length, n + 10), body));
        }
    }

    @Test
    void rejectsTruncatedFramesAtEveryCut() {
        for (String codec : List.of("none", "zstd", "lz4", "snappy", "gzip")) {
            byte[] wire = sender(codec).serialize(GOOD);
            for (int cut = 0; cut < wire.length; cut += Math.max(1, wire.length / 40)) {
                rejects(Arrays.copyOf(wire, cut));
            }
        }
    }

    @Test
    void rejectsUnknownCodecsAndFlags() {
        for (int codec = 5; codec < 16; codec++) {
            assertTrue(rejects(frame(FrameFormat.header(codec), 10, 10)).getMessage().contains("unknown codec id"));
        }
        rejects(frame(FrameFormat.header(1) | FrameFormat.RESERVED_FLAG, 10, 10));
        assertTrue(rejects(frame(FrameFormat.header(1) | FrameFormat.DICTIONARY_FLAG, 10, 10, 7))
                .getMessage().contains("dictionary 7"));
        rejects(frame(FrameFormat.header(0) | FrameFormat.DICTIONARY_FLAG));
    }

    /** A frame whose first byte has other version bits is raw values without a header, read as bounded as any. */
    @Test
    void rejectsHeaderlessValuesThatDeclareTooMuchOrEndEarlyOrLate() {
        for (int version : new int[] {0, 2, 3}) {
            // Once frames of other versions, now values whose count and elements are garbage.
            rejects(frame(version << FrameFormat.VERSION_SHIFT | 2, 10, 10));
        }
        Output huge = new Output(16);
        huge.writeVarIntFlag(true, 1 << 30, true); // 2^30 values, flag on: no header's version bits
        rejectsSaying("tuple values declares", huge.toBytes());
        byte[] good = sender("none").serialize(GOOD);
        rejectsSaying("1 bytes after the tuple's values", concat(good, new byte[] {0}));
        rejectsSaying("string declares 2600 but the frame has 2599 bytes left", Arrays.copyOf(good, good.length - 1));
    }

    private void rejectsSaying(String expected, byte[] wire) {
        String message = rejects(wire).getMessage();
        assertTrue(message.contains(expected), message);
    }

    @Test
    void rejectsRandomGarbageCleanly() {
        Random random = new Random(42);
        int rejected = 0;
        for (int i = 0; i < 3000; i++) {
            byte[] wire = new byte[1 + random.nextInt(300)];
            random.nextBytes(wire);
            if (i % 2 == 0) {
                // Half of them look like compressed frames, to get past the header into every codec.
                wire[0] = (byte) FrameFormat.header(1 + i / 2 % 4);
            }
            try {
                receiver.deserialize(wire);
            } catch (FrameRejectedException e) {
                rejected++;
            }
        }
        assertTrue(rejected > 2900, "rejected " + rejected);
        assertEquals(GOOD, receiver.deserialize(sender("lz4").serialize(GOOD)));
    }

    /** How Kryo writes {@code type} before an object of it: its registration id + 2. */
    int classId(Class<?> type) {
        return SerializationFactory.getKryo(conf).getRegistration(type).getId() + 2;
    }

    /** A raw frame whose values list holds one element of class {@code type}, then {@code body}. */
    byte[] rawTupleOf(Class<?> type, Consumer<Output> body) {
        Output out = new Output(64, -1);
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
        out.writeVarIntFlag(false, 1 + 1, true); // one element, of its own class
        out.writeVarInt(classId(type), true);
        body.accept(out);
        return out.toBytes();
    }

    @Test
    void rejectsLengthsKryoReadsBeyondTheFrameBeforeAllocating() {
        // A string of 2^31-2 characters: Kryo alone allocates a 4 GB char[] for it first.
        assertTrue(rejects(rawTupleOf(String.class, o -> o.writeVarIntFlag(true, Integer.MAX_VALUE, true)))
                .getMessage().contains("string declares 2147483646"));
        // The same inside a compressed frame.
        byte[] hugeString = rawTupleOf(String.class, o -> o.writeVarIntFlag(true, Integer.MAX_VALUE, true));
        var codec = CodecId.DEFLATE.create(CompressionSettings.defaults());
        byte[] body = new byte[codec.maxCompressedLength(hugeString.length)];
        int n = codec.compress(hugeString, 1, hugeString.length - 1, body, 0, body.length);
        assertTrue(rejects(concat(frame(FrameFormat.header(CodecId.DEFLATE.id()), hugeString.length - 1, n),
                Arrays.copyOf(body, n))).getMessage().contains("string declares"));
        // A BigInteger of 2^30 bytes, a byte[] of 2^31-2, a list of 2^30 elements.
        assertTrue(rejects(rawTupleOf(BigInteger.class, o -> o.writeVarInt(1 << 30, true)))
                .getMessage().contains("byte array declares"));
        assertTrue(rejects(rawTupleOf(byte[].class, o -> o.writeVarInt(Integer.MAX_VALUE, true)))
                .getMessage().contains("byte array declares"));
        assertTrue(rejects(rawTupleOf(ArrayList.class, o -> o.writeVarIntFlag(false, 1 << 30, true)))
                .getMessage().contains("list declares"));
        // A class named by a name of 2^31-2 characters.
        Output name = new Output(16);
        name.writeByte(FrameFormat.header(FrameFormat.RAW));
        name.writeVarIntFlag(false, 2, true);
        name.writeVarInt(1, true); // a class given by name
        name.writeVarInt(0, true); // its name id
        name.writeVarIntFlag(true, Integer.MAX_VALUE, true);
        assertTrue(rejects(name.toBytes()).getMessage().contains("string declares"));
    }

    @Test
    void rejectsValuesNestedDeeperThanTheStackAllows() {
        Output out = new Output(64, -1);
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
        out.writeVarIntFlag(false, 2, true);
        int list = classId(ArrayList.class);
        for (int depth = 0; depth < 200_000; depth++) {
            out.writeVarInt(list, true);
            out.writeVarIntFlag(false, 2, true);
        }
        assertTrue(rejects(out.toBytes()).getMessage().contains("Max depth"));
    }

    @Test
    void readsCollectionsOfNullsThatTakeNoBytePerElement() {
        ArrayList<Object> nulls = new ArrayList<>(Collections.nCopies(5000, null));
        List<Object> tuple = Arrays.asList(null, null, nulls, new Values(null, null, null));
        for (String codec : List.of("none", "zstd")) {
            assertEquals(tuple, receiver.deserialize(sender(codec).serialize(tuple)));
            assertEquals(Arrays.asList(null, null, null),
                    receiver.deserialize(sender(codec).serialize(Arrays.asList(null, null, null))));
        }
        // More nulls than the cap allows (one per 8 bytes) are a lie, whatever the sender's cap.
        List<Object> tooMany = List.of(new ArrayList<>(Collections.nCopies(CAP / 8 + 1, null)));
        assertTrue(rejects(sender("none").serialize(tooMany)).getMessage().contains("list declares"));
    }
}
