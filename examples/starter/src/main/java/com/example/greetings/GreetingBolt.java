package com.example.greetings;

import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Turns a name into a greeting ({@code name}, {@code greeting}). The greeting word comes from this bolt's own
 * {@code config:} map in the topology file ({@value #GREETING_KEY}), which fluxext adds to Flux.
 */
public class GreetingBolt extends BaseBasicBolt {

    public static final String GREETING_KEY = "greetings.word";

    private static final long serialVersionUID = 1L;

    private transient String word;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context) {
        word = String.valueOf(conf.getOrDefault(GREETING_KEY, "Hello"));
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        String name = input.getStringByField("name");
        collector.emit(new Values(name, word + ", " + name + "!"));
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("name", "greeting"));
    }
}
