package com.example.greetings;

import java.util.HashMap;
import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts greetings per name and logs the counts every {@code logEvery} greetings. The end of the line: it emits
 * nothing, and acking each tuple (done by {@link BaseBasicBolt}) completes the spout's tuple tree.
 */
public class GreetingCountBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(GreetingCountBolt.class);

    private final int logEvery;
    private transient Map<String, Long> counts;
    private transient long seen;

    /** @param logEvery log the counts after this many greetings, from the topology file's {@code constructorArgs} */
    public GreetingCountBolt(int logEvery) {
        if (logEvery < 1) {
            throw new IllegalArgumentException("logEvery must be at least 1, not " + logEvery);
        }
        this.logEvery = logEvery;
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        counts = new HashMap<>();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        counts.merge(input.getStringByField("name"), 1L, Long::sum);
        if (++seen % logEvery == 0) {
            LOG.info("greetings so far: {}", counts);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // emits nothing
    }
}
