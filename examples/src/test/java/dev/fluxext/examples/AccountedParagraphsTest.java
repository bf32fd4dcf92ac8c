package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.IOutputCollector;
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

    private static final class SpoutEmits implements ISpoutOutputCollector {
        final List<List<Object>> tuples = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            assertEquals(tuple.get(0), messageId, "the message id is the id field");
            tuples.add(tuple);
            return List.of(SINK_TASK);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            throw new AssertionError("emits direct");
        }

        @Override
        public long getPendingCount() {
            return 0;
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
            throw new AssertionError(error);
        }
    }

    private static List<String> ledger(Path dir, String file) throws IOException {
        return Files.readAllLines(dir.resolve(file));
    }

    @Test
    void spoutEmitsIdTextAndChecksumUpToItsLimitReplaysFailuresAndKeepsALedger(@TempDir Path dir) throws IOException {
        Map<String, Object> conf = Map.of(Ledger.DIR_KEY, dir.toString(), AccountedParagraphSpout.LIMIT_KEY, 3);
        AccountedParagraphSpout spout = new AccountedParagraphSpout();
        SpoutEmits emits = new SpoutEmits();
        spout.open(conf, context(conf, SPOUT_TASK), new SpoutOutputCollector(emits));
        for (int i = 0; i < 5; i++) {
            spout.nextTuple();
        }
        assertEquals(List.of(0L, 1L, 2L), emits.tuples.stream().map(t -> t.get(0)).toList(), "3 ids, then no more");
        for (List<Object> tuple : emits.tuples) {
            assertEquals(Ledger.checksum((String) tuple.get(1)), tuple.get(2));
        }
        assertNotEquals(emits.tuples.get(0).get(1), emits.tuples.get(1).get(1));

        spout.ack(0L);
        spout.fail(1L);
        spout.nextTuple();
        spout.nextTuple();
        assertEquals(emits.tuples.get(1), emits.tuples.get(3), "a replay has the same id, text and checksum");
        assertEquals(4, emits.tuples.size(), "nothing new past the limit, nothing left to replay");
        assertEquals(List.of("emit 0", "emit 1", "emit 2", "ack 0", "fail 1"), ledger(dir, "spout-" + SPOUT_TASK + ".log"),
                "a replay is not a new emit");
    }

    @Test
    void sinkRecordsEachTupleWithItsChecksumVerdictThenAcksIt(@TempDir Path dir) throws IOException {
        Map<String, Object> conf = Map.of(Ledger.DIR_KEY, dir.toString());
        TopologyContext context = context(conf, SINK_TASK);
        List<Tuple> acked = new ArrayList<>();
        ChecksumSinkBolt sink = new ChecksumSinkBolt();
        sink.prepare(conf, context, new OutputCollector(new IOutputCollector() {
            @Override
            public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
                throw new AssertionError("a sink emits nothing");
            }

            @Override
            public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
                throw new AssertionError("a sink emits nothing");
            }

            @Override
            public void ack(Tuple input) {
                acked.add(input);
            }

            @Override
            public void fail(Tuple input) {
                throw new AssertionError("failed " + input);
            }

            @Override
            public void resetTimeout(Tuple input) {
            }

            @Override
            public void flush() {
            }

            @Override
            public void reportError(Throwable error) {
                throw new AssertionError(error);
            }
        }));
        String text = "Among the numerous advantages promised by a well-constructed Union";
        Tuple intact = new TupleImpl(context, List.of(7L, text, Ledger.checksum(text)), "paragraphs", SPOUT_TASK, "default");
        Tuple damaged = new TupleImpl(context, List.of(8L, text + ".", Ledger.checksum(text)), "paragraphs", SPOUT_TASK,
                "default");
        sink.execute(intact);
        sink.execute(damaged);

        long pid = ProcessHandle.current().pid();
        assertEquals(List.of("seen 7 ok " + pid, "seen 8 corrupt " + pid), ledger(dir, "sink-" + SINK_TASK + ".log"));
        assertEquals(List.of(intact, damaged), acked);
    }
}
