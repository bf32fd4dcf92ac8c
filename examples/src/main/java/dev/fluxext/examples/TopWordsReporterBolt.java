package dev.fluxext.examples;

import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.ObjectReader;
import org.apache.storm.utils.TupleUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collects ({@code word}, {@code count}) tuples and logs the most frequent words on every tick tuple (on the
 * console too, in a local run). Give it a
 * global grouping so one task sees all words. The tick interval defaults to {@value #DEFAULT_INTERVAL_SECS} s;
 * a component {@code config:} with {@code topology.tick.tuple.freq.secs} overrides it, and
 * {@value #TOP_KEY} sets how many words are logged.
 */
public class TopWordsReporterBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;
    /** A local run ({@code flux submit --local}) prints this logger's lines on the console as well as in Storm's log. */
    private static final Logger RESULTS = LoggerFactory.getLogger("fluxext.console");

    /** Component config key: how many words each report lists. */
    public static final String TOP_KEY = "wordcount.report.top";
    public static final int DEFAULT_TOP = 10;
    public static final int DEFAULT_INTERVAL_SECS = 10;

    private transient TopWords words;
    private transient int top;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        top = ObjectReader.getInt(conf.get(TOP_KEY), DEFAULT_TOP);
        if (top < 1) {
            throw new IllegalArgumentException(TOP_KEY + " must be at least 1, got " + top);
        }
        words = new TopWords();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        if (TupleUtils.isTick(input)) {
            RESULTS.info("{}", words.report(top));
        } else {
            words.update(input.getString(0), input.getLong(1));
        }
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, DEFAULT_INTERVAL_SECS);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // Terminal bolt: it only logs.
    }
}
