package dev.fluxext.examples;

import java.util.HashMap;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Counts words and emits each word's running count ({@code word}, {@code count}). Needs a fields grouping on
 * {@code word} so every occurrence of a word reaches the same task. Counts are at-least-once: a replayed
 * sentence is counted again.
 */
public class WordCountBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;

    private transient Map<String, Long> counts;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        counts = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String word = input.getString(0);
        long count = counts.merge(word, 1L, Long::sum);
        collector.emit(new Values(word, count));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
