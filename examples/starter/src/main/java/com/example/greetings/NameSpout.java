package com.example.greetings;

import java.util.List;
import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * Emits names ({@code name}) from a fixed list, round and round. Each tuple carries a message id, so Storm tracks it
 * through the bolts and reports it acked (or failed) here.
 */
public class NameSpout extends BaseRichSpout {

    private static final long serialVersionUID = 1L;

    private final List<String> names;
    private transient SpoutOutputCollector collector;
    private transient long emitted;

    /** @param names the names to emit, from the topology file's {@code constructorArgs} */
    public NameSpout(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("NameSpout needs at least one name");
        }
        this.names = List.copyOf(names);
    }

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
    }

    @Override
    public void nextTuple() {
        String name = names.get((int) (emitted % names.size()));
        collector.emit(new Values(name), emitted++);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("name"));
    }
}
