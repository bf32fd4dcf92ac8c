package dev.fluxext.compression.guard;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.compression.storm.StormKryo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.messaging.DeserializingConnectionCallback;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.serialization.KryoTupleSerializer;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.AddressedTuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A batch with a bad frame, through Storm's own receive path, with and without the guard. */
class GuardedCallbackTest {

    static final int CAP = 4096;
    GeneralTopologyContext context;
    Map<String, Object> receiverConf;
    KryoTupleSerializer sender;
    final List<AddressedTuple> delivered = new ArrayList<>();

    @BeforeEach
    void setUp() {
        CompressionMetrics.reset();
        receiverConf = StormKryo.conf(settings(CompressionOptions.MAX_DECOMPRESSED_BYTES.key(), CAP));
        receiverConf.put(Config.STORM_ID, "topo-1");
        context = KnownTopologies.wordsSpoutContext(receiverConf, "topo-1", 1);
        Map<String, Object> senderConf = StormKryo.conf(settings(CompressionOptions.CODEC.key(), "zstd",
                CompressionSetup.COMPONENT_ID_KEY, "words"));
        sender = new KryoTupleSerializer(senderConf, context);
    }

    TaskMessage message(int size) {
        return new TaskMessage(2, sender.serialize(new TupleImpl(context, List.of("w".repeat(size)), "words", 1,
                Utils.DEFAULT_STREAM_ID)));
    }

    DeserializingConnectionCallback storms() {
        return new DeserializingConnectionCallback(receiverConf, context, delivered::addAll);
    }

    /** Storm's callback behind the guard, with the header check built from its context as {@code bind} does. */
    GuardedCallback guarded() {
        DeserializingConnectionCallback cb = storms();
        return new GuardedCallback(cb, "topo-1", TupleHeaderCheck.of(context));
    }

    @Test
    void guardDropsOnlyTheBadTupleAndCountsItOnce() {
        List<TaskMessage> batch = List.of(message(10), message(2000), message(CAP * 2), message(30), message(3000));
        guarded().recv(batch);

        assertEquals(List.of(10, 2000, 30, 3000), delivered.stream()
                .map(t -> t.getTuple().getString(0).length()).toList());
        assertEquals(1, CompressionMetrics.snapshot().get("words").rejected(), "charged to the sender, once");
    }

    @Test
    void withoutTheGuardStormLosesTheWholeBatchButTheErrorIsAnIoErrorThatSparesTheWorker() {
        List<TaskMessage> batch = List.of(message(10), message(CAP * 2), message(30));
        FrameRejectedException e = assertThrows(FrameRejectedException.class, () -> storms().recv(batch));
        assertTrue(delivered.isEmpty(), "Storm delivers nothing of a batch that failed");
        // StormServerHandler swallows (and closes the connection) only when the cause chain holds an IOException.
        assertTrue(Utils.exceptionCauseIsInstanceOf(IOException.class, e));
    }

    /** Storm's header bytes for a tuple from {@code source} on {@code stream} with {@code anchors} declared. */
    static byte[] header(int source, int stream, int anchors, int bytesAfter) {
        Output out = new Output(32, -1);
        out.writeInt(source, true);
        out.writeInt(stream, true);
        out.writeInt(anchors, true);
        out.writeBytes(new byte[bytesAfter]);
        return out.toBytes();
    }

    @Test
    void badHeadersAreDroppedBeforeStormReadsThemEachCountedAndTheOthersDelivered() {
        byte[] junkAfterValues = message(40).message();
        junkAfterValues = java.util.Arrays.copyOf(junkAfterValues, junkAfterValues.length + 3);
        List<TaskMessage> batch = List.of(message(10),
                new TaskMessage(2, new byte[0]),                    // an empty message
                new TaskMessage(2, new byte[] {1, 1}),              // a short header
                new TaskMessage(2, header(99, 1, 0, 4)),            // an unknown source task
                new TaskMessage(2, header(1, 7, 0, 4)),             // an unknown stream of a known task
                new TaskMessage(2, header(1, 1, 1_000_000, 40)),    // more anchors than the bytes hold
                new TaskMessage(2, header(1, 1, 0, 0)),             // no byte left for the values
                message(30));
        guarded().recv(batch);

        assertEquals(List.of(10, 30), delivered.stream().map(t -> t.getTuple().getString(0).length()).toList());
        assertEquals(6, CompressionMetrics.snapshot().values().stream().mapToLong(s -> s.rejected()).sum(),
                "each bad message counted once: " + CompressionMetrics.snapshot());
    }

    @Test
    void withoutTheGuardAnEmptyMessageOrAnUnknownTaskIsAnErrorStormDoesNotSurvive() {
        // Not an IOException: Storm's Netty handler would end the worker (see the test above for the frame case).
        for (byte[] bad : List.of(new byte[0], header(99, 1, 0, 4))) {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> storms().recv(List.of(new TaskMessage(2, bad))));
            assertTrue(!Utils.exceptionCauseIsInstanceOf(IOException.class, e), e.toString());
        }
    }

    @Test
    void aRawFrameWithBytesAfterItsValuesIsRejected() {
        Map<String, Object> rawConf = StormKryo.conf(settings(CompressionSetup.COMPONENT_ID_KEY, "words"));
        KryoTupleSerializer raw = new KryoTupleSerializer(rawConf, context);
        byte[] good = raw.serialize(new TupleImpl(context, List.of("raw"), "words", 1, Utils.DEFAULT_STREAM_ID));
        byte[] junk = java.util.Arrays.copyOf(good, good.length + 2);
        guarded().recv(List.of(new TaskMessage(2, good),
                new TaskMessage(2, junk), new TaskMessage(2, good)));

        assertEquals(List.of("raw", "raw"), delivered.stream().map(t -> t.getTuple().getString(0)).toList());
        assertEquals(1, CompressionMetrics.snapshot().get("words").rejected());
    }

    /** Tuples of "words" (one field) with {@code values}, received behind the guard of a topology in {@code mode}. */
    private List<List<Object>> receivedBehindTheGuard(String mode, List<List<Object>> values) {
        String stormId = "fields-" + mode;
        Map<String, Object> conf = StormKryo.conf(settings());
        conf.put(Config.STORM_ID, stormId);
        conf.put(Config.STORM_CLUSTER_MODE, mode);
        GeneralTopologyContext words = KnownTopologies.wordsSpoutContext(conf, stormId, 1);
        TaskDirectory.register(stormId, TopologyShape.of(words)); // as bind does
        // Built without Storm's sanity check, as a peer that skips it would send them.
        Map<String, Object> senderConf = StormKryo.conf(settings(CompressionSetup.COMPONENT_ID_KEY, "words"));
        GeneralTopologyContext unchecked = KnownTopologies.wordsSpoutContext(senderConf, stormId, 1);
        KryoTupleSerializer peer = new KryoTupleSerializer(senderConf, unchecked);
        List<TaskMessage> batch = values.stream().map(v -> new TaskMessage(2, peer.serialize(
                new TupleImpl(unchecked, v, "words", 1, Utils.DEFAULT_STREAM_ID)))).toList();
        List<AddressedTuple> out = new ArrayList<>();
        new GuardedCallback(new DeserializingConnectionCallback(conf, words, out::addAll), stormId,
                TupleHeaderCheck.of(words)).recv(batch);
        return out.stream().map(t -> t.getTuple().getValues()).toList();
    }

    @Test
    void aTupleWithFewerValuesThanItsStreamDeclaresIsDroppedAndCounted() {
        // An acker reading a field its input lacks ends its worker: such a tuple never reaches an executor.
        List<List<Object>> batch = List.of(List.of("a"), List.of(), List.of("b"));
        for (String mode : List.of("distributed", "local")) {
            CompressionMetrics.reset();
            assertEquals(List.of(List.of("a"), List.of("b")), receivedBehindTheGuard(mode, batch), mode);
            assertEquals(1, CompressionMetrics.snapshot().get("words").rejected(), mode);
        }
    }

    @Test
    void aValueTooManyIsDeliveredOnAClusterAsStormDoesAndDroppedInLocalMode() {
        // On a cluster Storm builds it and every declared field reads; in local mode Storm's sanity check would
        // throw in the Netty thread, whose handler ends the worker.
        List<List<Object>> batch = List.of(List.of("a", "extra"), List.of("b"));
        assertEquals(batch, receivedBehindTheGuard("distributed", batch));
        assertEquals(List.of(List.of("b")), receivedBehindTheGuard("local", batch));
        assertEquals(1, CompressionMetrics.snapshot().get("words").rejected());
    }
}
