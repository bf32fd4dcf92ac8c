package dev.fluxext.benchmarks.compression;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * Emits nothing: a topology of the same shape as the measured ones, idle, shows what the loopback carries besides
 * tuples (ZooKeeper, heartbeats, Netty's load metrics) for {@code wire-floor.sh}.
 */
public class IdleSpout extends BaseRichSpout {

    private static final long serialVersionUID = 1L;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
    }

    @Override
    public void nextTuple() {
        Utils.sleep(50);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("event"));
    }
}
