package dev.fluxext.build.testing;

import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/** A bolt whose own code refuses to declare its outputs, as a broken component would while Storm builds it. */
public class UndeclarableBolt extends BaseRichBolt {

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
    }

    @Override
    public void execute(Tuple input) {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        throw new IllegalStateException("no outputs today");
    }
}
