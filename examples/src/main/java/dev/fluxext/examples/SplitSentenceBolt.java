package dev.fluxext.examples;

import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.ObjectReader;

/**
 * Splits the text in the first field of each tuple (a sentence or a paragraph) into words, one tuple each
 * (field {@code word}). Emits are anchored to the input and the input is acked once all are out
 * ({@link BaseBasicBolt}), so a lost word replays its sentence.
 */
public class SplitSentenceBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;

    /** Component config key: words shorter than this are dropped (1 keeps all). */
    public static final String MIN_LENGTH_KEY = "wordcount.split.min.length";

    private transient int minLength;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        minLength = ObjectReader.getInt(conf.get(MIN_LENGTH_KEY), 1);
        if (minLength < 1) {
            throw new IllegalArgumentException(MIN_LENGTH_KEY + " must be at least 1, got " + minLength);
        }
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        for (String word : Words.of(input.getString(0), minLength)) {
            collector.emit(new Values(word));
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word"));
    }
}
