package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.fluxext.examples.TextSpoutTest.Emit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The accounted spout and the checksum sink, each on its own, with their ledgers in a temporary directory. */
class AccountedParagraphsTest {

    private static final int SPOUT_TASK = 3;
    private static final int SINK_TASK = 4;
    private static final Fields FIELDS = new Fields("id", "paragraph", "crc32");

    /** A context just large enough for the two: task ids, and the spout's fields for reading tuples by name. */
    private static TopologyContext context(Map<String, Object> conf, int taskId) {
        return new TopologyContext(null, conf, Map.of(SPOUT_TASK, "paragraphs", SINK_TASK, "sink"), null,
                Map.of("paragraphs", Map.of("default", FIELDS)), null, "test-1", null, null, taskId, 6700, List.of(),
                Map.of(), Map.of(), Map.of(), Map.of(), null, null);
    }

    private static List<String> ledger(Path dir, String file) throws IOException {
        return Files.readAllLines(dir.resolve(file));
    }

    @Test
    void spoutEmitsIdTextAndChecksumUpToItsLimitReplaysFailuresAndKeepsALedger(@TempDir Path dir) throws IOException {
        Map<String, Object> conf = Map.of(Ledger.DIR_KEY, dir.toString(), AccountedParagraphSpout.LIMIT_KEY, 3);
        AccountedParagraphSpout spout = new AccountedParagraphSpout();
        TextSpoutTest.RecordingCollector emits = new TextSpoutTest.RecordingCollector();
        spout.open(conf, context(conf, SPOUT_TASK), new SpoutOutputCollector(emits));
        for (int i = 0; i < 5; i++) {
            spout.nextTuple();
        }
        assertEquals(List.of(0L, 1L, 2L), emits.emits.stream().map(Emit::messageId).toList(), "3 ids, then no more");
        for (Emit emit : emits.emits) {
            assertEquals(List.of(emit.messageId(), emit.values().get(1), Ledger.checksum((String) emit.values().get(1))),
                    emit.values(), "id, text, CRC-32 of the text");
        }
        assertNotEquals(emits.emits.get(0).values().get(1), emits.emits.get(1).values().get(1));

        spout.ack(0L);
        spout.fail(1L);
        spout.nextTuple();
        spout.nextTuple();
        assertEquals(emits.emits.get(1), emits.emits.get(3), "a replay has the same id, text and checksum");
        assertEquals(4, emits.emits.size(), "nothing new past the limit, nothing left to replay");
        assertEquals(List.of("emit 0", "emit 1", "emit 2", "ack 0", "fail 1"), ledger(dir, "spout-" + SPOUT_TASK + ".log"),
                "a replay is not a new emit");
    }

    @Test
    void sinkRecordsEachTupleWithItsChecksumVerdictThenAcksIt(@TempDir Path dir) throws IOException {
        Map<String, Object> conf = Map.of(Ledger.DIR_KEY, dir.toString());
        TopologyContext context = context(conf, SINK_TASK);
        WordCountBoltsTest.RecordingCollector collector = new WordCountBoltsTest.RecordingCollector();
        ChecksumSinkBolt sink = new ChecksumSinkBolt();
        sink.prepare(conf, context, new OutputCollector(collector));
        String text = "Among the numerous advantages promised by a well-constructed Union";
        Tuple intact = new TupleImpl(context, List.of(7L, text, Ledger.checksum(text)), "paragraphs", SPOUT_TASK, "default");
        Tuple damaged = new TupleImpl(context, List.of(8L, text + ".", Ledger.checksum(text)), "paragraphs", SPOUT_TASK,
                "default");
        sink.execute(intact);
        sink.execute(damaged);

        long pid = ProcessHandle.current().pid();
        assertEquals(List.of("seen 7 ok " + pid, "seen 8 corrupt " + pid), ledger(dir, "sink-" + SINK_TASK + ".log"));
        assertEquals(List.of(intact, damaged), collector.acked);
        assertEquals(List.of(), collector.emitted);
    }
}
