package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.Constants;
import org.apache.storm.Testing;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.testing.MkTupleParam;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

/** The splitter, counter and reporter driven tuple by tuple, as their executors would. */
class WordCountBoltsTest {

    /** Records emits and acks, and checks every emit is anchored to the tuple being processed. */
    static final class RecordingCollector implements IOutputCollector {
        final List<List<Object>> emitted = new ArrayList<>();
        final List<Tuple> acked = new ArrayList<>();
        Tuple current;

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            assertEquals(List.of(current), List.copyOf(anchors), "emit must be anchored to its input");
            emitted.add(tuple);
            return List.of(1);
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            throw new AssertionError("no direct emits expected");
        }

        @Override
        public void ack(Tuple input) {
            acked.add(input);
        }

        @Override
        public void fail(Tuple input) {
            throw new AssertionError("unexpected fail of " + input);
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
    }

    private final RecordingCollector recorder = new RecordingCollector();
    private final BasicOutputCollector collector = new BasicOutputCollector(new OutputCollector(recorder));

    private Tuple tuple(Object... values) {
        recorder.current = Testing.testTuple(List.of(values));
        collector.setContext(recorder.current);
        return recorder.current;
    }

    @Test
    void splitterEmitsOneAnchoredTuplePerWord() {
        SplitSentenceBolt splitter = new SplitSentenceBolt();
        splitter.prepare(Map.of(), null);
        splitter.execute(tuple("The SAFETY of the people."), collector);
        assertEquals(List.of(List.of("the"), List.of("safety"), List.of("of"), List.of("the"), List.of("people")),
                recorder.emitted);
    }

    @Test
    void splitterReadsItsMinimumWordLengthFromComponentConfig() {
        SplitSentenceBolt splitter = new SplitSentenceBolt();
        splitter.prepare(Map.of(SplitSentenceBolt.MIN_LENGTH_KEY, 4L), null);
        splitter.execute(tuple("The SAFETY of the people."), collector);
        assertEquals(List.of(List.of("safety"), List.of("people")), recorder.emitted);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> splitter.prepare(Map.of(SplitSentenceBolt.MIN_LENGTH_KEY, 0), null));
        assertEquals(SplitSentenceBolt.MIN_LENGTH_KEY + " must be at least 1, got 0", e.getMessage());
    }

    @Test
    void counterEmitsEachWordsRunningCount() {
        WordCountBolt counter = new WordCountBolt();
        counter.prepare(Map.of(), null);
        for (String word : List.of("union", "the", "union", "union")) {
            counter.execute(tuple(word), collector);
        }
        assertEquals(List.of(List.of("union", 1L), List.of("the", 1L), List.of("union", 2L), List.of("union", 3L)),
                recorder.emitted);
    }

    @Test
    void reporterAsksForTickTuplesAndReportsOnlyOnTicks() {
        TopWordsReporterBolt reporter = new TopWordsReporterBolt();
        assertEquals(TopWordsReporterBolt.DEFAULT_INTERVAL_SECS,
                reporter.getComponentConfiguration().get(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS));
        reporter.prepare(Map.of(TopWordsReporterBolt.TOP_KEY, 2), null);
        reporter.execute(tuple("union", 3L), collector);
        MkTupleParam tick = new MkTupleParam();
        tick.setComponent(Constants.SYSTEM_COMPONENT_ID);
        tick.setStream(Constants.SYSTEM_TICK_STREAM_ID);
        recorder.current = Testing.testTuple(List.of(10), tick);
        reporter.execute(recorder.current, collector);
        assertEquals(List.of(), recorder.emitted, "the reporter only logs");
    }
}
