package dev.fluxext.compression.wire;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.guard.KnownTopologies;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.metrics.CompressionSnapshot;
import dev.fluxext.compression.serializer.AllocationTest;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.compression.storm.StormKryo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.storm.grouping.Load;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.BackPressureStatus;
import org.apache.storm.serialization.KryoTupleSerializer;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Tuples are counted where they go on the wire, once per send, however often Storm serialized them. */
class WireCountTest {

    static final String STORM_ID = "wire-1";
    GeneralTopologyContext context;
    KryoTupleSerializer sender;
    final List<TaskMessage> sent = new ArrayList<>();

    @BeforeEach
    void setUp() {
        CompressionMetrics.reset();
        Map<String, Object> conf = StormKryo.conf(settings(CompressionOptions.CODEC.key(), "zstd",
                CompressionSetup.COMPONENT_ID_KEY, "words"));
        conf.put(CompressionSetup.COMPONENT_ID_KEY, "words"); // as componentConf puts it in the executor's conf
        context = KnownTopologies.wordsSpoutContext(conf, STORM_ID, 300);
        sender = new KryoTupleSerializer(conf, context);
    }

    /** An anchored tuple from task 300 (a two-byte varint), so every field before the values is skipped right. */
    TaskMessage message(int size) {
        MessageId id = MessageId.makeId(Map.of(11L, 12L, 13L, 14L));
        return new TaskMessage(2, sender.serialize(new TupleImpl(context, List.of("w".repeat(size)), "words", 300,
                Utils.DEFAULT_STREAM_ID, id)));
    }

    static int valuesSize(int size) {
        return StormKryo.serializer(StormKryo.stormDefaultConf()).serialize(List.of("w".repeat(size))).length;
    }

    IConnection counting() {
        return new CountingConnection(STORM_ID, "peer:1", new Recording());
    }

    @Test
    void aTupleSerializedThreeTimesByRetriesIsCountedOnceWhenSent() {
        message(5000);
        message(5000); // two publish attempts that failed under backpressure
        TaskMessage third = message(5000);
        CompressionSnapshot serialized = CompressionMetrics.snapshot().get("words");
        assertEquals(0, serialized.tuplesCompressed() + serialized.tuplesRaw(), "serializing is not sending");
        assertTrue(serialized.nanos() > 0, "time spent compressing is counted on every attempt");

        counting().send(List.of(third).iterator());

        CompressionSnapshot s = CompressionMetrics.snapshot().get("words");
        assertEquals(1, s.tuplesCompressed());
        assertEquals(0, s.tuplesRaw());
        assertEquals("zstd", s.codec());
        assertEquals(List.of(third), sent, "the message itself went on, unchanged");
        assertEquals(valuesSize(5000), s.bytesIn(), "the values as Storm's default serializer writes them");
        assertTrue(s.bytesOut() > 0 && s.bytesOut() < 200, "" + s);
    }

    @Test
    void eachRemoteTargetAndEachRawTupleCounts() {
        TaskMessage big = message(5000);
        TaskMessage small = message(10);
        counting().send(List.of(big, small).iterator());
        counting().send(List.of(big).iterator()); // the same tuple to a second worker

        CompressionSnapshot s = CompressionMetrics.snapshot().get("words");
        assertEquals(2, s.tuplesCompressed());
        assertEquals(1, s.tuplesRaw());
        assertEquals(2 * valuesSize(5000) + valuesSize(10), s.bytesIn());
        assertTrue(s.bytesOut() < 2 * 200 + valuesSize(10) + 1, "" + s);
    }

    @Test
    void countsArePublishedOncePerBatchEvenWhenTheTransportThrowsAndLateOnesWithTheNextBatch() {
        TaskMessage small = message(10);
        WireCounter counter = new WireCounter(STORM_ID);
        counter.count(small.message());
        counter.count(small.message());
        assertEquals(0, CompressionMetrics.snapshot().get("words").tuplesRaw(), "not published before the batch is sent");
        counter.flush();
        assertEquals(2, CompressionMetrics.snapshot().get("words").tuplesRaw());
        counter.flush();
        assertEquals(2, CompressionMetrics.snapshot().get("words").tuplesRaw(), "a flush publishes a tuple once");

        // A transport that pulls one message, then fails: what it took is counted all the same.
        IConnection failing = new CountingConnection(STORM_ID, "peer:1", new Recording() {
            @Override
            public void send(Iterator<TaskMessage> msgs) {
                msgs.next();
                throw new IllegalStateException("channel closed");
            }
        });
        assertThrows(IllegalStateException.class, () -> failing.send(List.of(small, small).iterator()));
        assertEquals(3, CompressionMetrics.snapshot().get("words").tuplesRaw());

        // A transport that keeps the iterator and pulls after send returned: counted with its next batch.
        List<Iterator<TaskMessage>> kept = new ArrayList<>();
        IConnection lazy = new CountingConnection(STORM_ID, "peer:1", new Recording() {
            @Override
            public void send(Iterator<TaskMessage> msgs) {
                kept.forEach(it -> it.forEachRemaining(sent::add));
                kept.add(msgs);
            }
        });
        lazy.send(List.of(small).iterator());
        assertEquals(3, CompressionMetrics.snapshot().get("words").tuplesRaw());
        lazy.send(List.<TaskMessage>of().iterator());
        assertEquals(4, CompressionMetrics.snapshot().get("words").tuplesRaw());
    }

    @Test
    void countingASentTupleAllocatesNothing() {
        byte[] compressed = message(5000).message();
        byte[] raw = message(10).message();
        WireCounter counter = new WireCounter(STORM_ID);
        long perOp = AllocationTest.allocatedPerOp(() -> {
            counter.count(compressed);
            counter.count(raw);
            counter.flush();
        });
        assertEquals(0, perOp, "bytes allocated per two counted tuples");
    }

    @Test
    void messagesWithoutOurFrameOrFromUnknownTasksAreTellable() {
        WireCounter counter = new WireCounter(STORM_ID);
        assertFalse(counter.count(new byte[] {1, 1}), "ends before the values");
        assertFalse(counter.count(new byte[] {1, 1, 0, 0x61, 9}), "reserved flag set");
        assertFalse(counter.count(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80,
                (byte) 0x80, 1}), "overlong varint");
        assertTrue(counter.count(new byte[] {9, 1, 0, 0x40, 'a'}));
        assertTrue(counter.count(new byte[] {9, 1, 0, 0x05, 9}), "raw values without a header");
        assertFalse(counter.count(new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F, 1, 0, 0x05}),
                "a negative task (Storm's system task) sends no tuples of ours");
        assertTrue(counter.count(new byte[] {(byte) 0xFF, (byte) 0xFF, 0x7F, 1, 0, 0x05}), "a task beyond any topology's");
        counter.flush();
        CompressionSnapshot unknown = CompressionMetrics.snapshot().get(CompressionMetrics.UNKNOWN_SENDER);
        assertEquals(3, unknown.tuplesRaw());
        assertEquals(1 + 2 + 1, unknown.bytesIn());
        assertEquals(2 + 2 + 1, unknown.bytesOut());
    }

    @Test
    void aTaskRegisteredAfterItsFirstTupleAndCountersResetBetweenRunsAreFollowed() {
        WireCounter counter = new WireCounter("wire-late");
        byte[] fromTask5 = {5, 1, 0, 0x05, 9};
        counter.count(fromTask5);
        counter.flush();
        assertEquals(1, CompressionMetrics.snapshot().get(CompressionMetrics.UNKNOWN_SENDER).tuplesRaw());

        KnownTopologies.registered(StormKryo.stormDefaultConf(), "wire-late", Map.of(5, "late"));
        counter.count(fromTask5);
        counter.count(fromTask5);
        counter.flush();
        assertEquals(2, CompressionMetrics.snapshot().get("late").tuplesRaw(), "known once its worker bound");

        CompressionMetrics.reset(); // a new local run in the same JVM
        counter.count(fromTask5);
        counter.flush();
        assertEquals(1, CompressionMetrics.snapshot().get("late").tuplesRaw(), "counted in the new run's counters");
    }

    @Test
    void everyOtherCallGoesToTheWrappedConnection() {
        Recording inner = new Recording();
        IConnection c = new CountingConnection(STORM_ID, "peer:1", inner);
        c.sendLoadMetrics(Map.of(1, 0.5));
        c.sendBackPressureStatus(new BackPressureStatus());
        assertEquals(Map.of(3, "load"), Map.of(3, c.getLoad(List.of(3)).get(3).toString()));
        assertEquals(6700, c.getPort());
        c.close();
        assertEquals(List.of("load metrics", "backpressure", "close"), inner.calls);
    }

    /** A transport that takes messages as Netty's client does: pulling them from the iterator. */
    class Recording implements IConnection {
        final List<String> calls = new ArrayList<>();

        @Override
        public void send(Iterator<TaskMessage> msgs) {
            msgs.forEachRemaining(sent::add);
        }

        @Override
        public void sendLoadMetrics(Map<Integer, Double> taskToLoad) {
            calls.add("load metrics");
        }

        @Override
        public void sendBackPressureStatus(BackPressureStatus bpStatus) {
            calls.add("backpressure");
        }

        @Override
        public Map<Integer, Load> getLoad(Collection<Integer> tasks) {
            return Map.of(3, new Load(true, 0.5, 0) {
                @Override
                public String toString() {
                    return "load";
                }
            });
        }

        @Override
        public int getPort() {
            return 6700;
        }

        @Override
        public void close() {
            calls.add("close");
        }
    }
}
