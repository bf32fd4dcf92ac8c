package dev.fluxext.build.testing;

import org.apache.storm.state.KeyValueState;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseStatefulBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/** A stateful bolt: TopologyBuilder wraps it, adds the checkpoint spout and wraps the other bolts too. */
public class StatefulCounter extends BaseStatefulBolt<KeyValueState<String, Long>> {

    private static final long serialVersionUID = 1L;

    @Override
    public void initState(KeyValueState<String, Long> state) {
    }

    @Override
    public void execute(Tuple input) {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("word", "count"));
    }
}
