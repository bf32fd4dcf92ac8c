package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.spout.ISpoutOutputCollector;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.topology.OutputFieldsGetter;
import org.junit.jupiter.api.Test;

class TextSpoutTest {

    /** What the spout handed to Storm: one entry per emit. */
    record Emit(List<Object> values, Object messageId) {
        /** The first field: the text spouts' only one. */
        String text() {
            return (String) values.get(0);
        }
    }

    static final class RecordingCollector implements ISpoutOutputCollector {
        final List<Emit> emits = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, List<Object> tuple, Object messageId) {
            emits.add(new Emit(List.copyOf(tuple), messageId));
            return List.of(1);
        }

        @Override
        public void emitDirect(int taskId, String streamId, List<Object> tuple, Object messageId) {
            throw new AssertionError("the text spouts do not emit direct");
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

    private static RecordingCollector open(CyclingTextSpout spout) {
        RecordingCollector collector = new RecordingCollector();
        spout.open(Map.of(), null, new SpoutOutputCollector(collector));
        return collector;
    }

    @Test
    void emitsEverySentenceWithItsOwnMessageIdThenStartsOver() {
        List<String> sentences = BundledText.fromResource(BundledText.DEFAULT_RESOURCE).sentences();
        SentenceSpout spout = new SentenceSpout();
        RecordingCollector collector = open(spout);
        for (int i = 0; i < sentences.size() + 2; i++) {
            spout.nextTuple();
        }
        assertEquals(sentences.get(0), collector.emits.get(0).text());
        assertEquals(sentences.get(sentences.size() - 1), collector.emits.get(sentences.size() - 1).text());
        assertEquals(sentences.get(0), collector.emits.get(sentences.size()).text());
        assertEquals(collector.emits.size(), collector.emits.stream().map(Emit::messageId).distinct().count());
    }

    @Test
    void replaysAFailedTupleWithTheSameIdAndTextButNotAnAckedOne() {
        SentenceSpout spout = new SentenceSpout();
        RecordingCollector collector = open(spout);
        spout.nextTuple();
        spout.nextTuple();
        Emit first = collector.emits.get(0);
        Emit second = collector.emits.get(1);

        spout.ack(first.messageId());
        spout.fail(first.messageId()); // already acked: nothing to replay
        spout.fail(second.messageId());
        spout.nextTuple();
        spout.nextTuple();

        assertEquals(second, collector.emits.get(2));
        assertNotEquals(first.text(), collector.emits.get(3).text());
        assertNotEquals(second.messageId(), collector.emits.get(3).messageId());
    }

    @Test
    void paragraphSpoutEmitsOneToTwoKilobyteParagraphs() {
        ParagraphSpout spout = new ParagraphSpout();
        RecordingCollector collector = open(spout);
        for (int i = 0; i < 10; i++) {
            spout.nextTuple();
        }
        for (Emit emit : collector.emits) {
            assertTrue(emit.text().length() >= 1024 && emit.text().length() <= 2048, emit.text().length() + " chars");
        }
    }

    @Test
    void declaresOneNamedField() {
        OutputFieldsGetter sentence = new OutputFieldsGetter();
        new SentenceSpout().declareOutputFields(sentence);
        assertEquals(List.of("sentence"), sentence.getFieldsDeclaration().get("default").get_output_fields());
        OutputFieldsGetter paragraph = new OutputFieldsGetter();
        new ParagraphSpout().declareOutputFields(paragraph);
        assertEquals(List.of("paragraph"), paragraph.getFieldsDeclaration().get("default").get_output_fields());
    }

    @Test
    void rejectsImpossibleParagraphBoundsAndMissingText() {
        assertThrows(IllegalArgumentException.class, () -> new ParagraphSpout(2048, 1024));
        SentenceSpout spout = new SentenceSpout();
        spout.setResource("texts/missing.txt");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> open(spout));
        assertTrue(e.getMessage().contains("texts/missing.txt"), e.getMessage());
    }
}
