package dev.fluxext.build.testing;

import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseWindowedBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.windowing.TupleWindow;

/** A windowed bolt (TopologyBuilder wraps it in WindowedBoltExecutor). */
public class WindowCounter extends BaseWindowedBolt {

    private static final long serialVersionUID = 1L;

    @Override
    public void execute(TupleWindow window) {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("count"));
    }
}
