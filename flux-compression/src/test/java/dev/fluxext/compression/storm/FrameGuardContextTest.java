package dev.fluxext.compression.storm;

import static dev.fluxext.compression.storm.StormKryo.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.metrics.CompressionMetrics;
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
class FrameGuardContextTest {

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
        context = StormKryo.wordsSpoutContext(receiverConf, "topo-1", 1);
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

    @Test
    void guardDropsOnlyTheBadTupleAndCountsItOnce() {
        List<TaskMessage> batch = List.of(message(10), message(2000), message(CAP * 2), message(30), message(3000));
        new FrameGuardContext.GuardedCallback(storms()).recv(batch);

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
}
