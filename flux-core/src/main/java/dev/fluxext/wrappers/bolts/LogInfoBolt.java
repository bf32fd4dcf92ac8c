package dev.fluxext.wrappers.bolts;

import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs every tuple it receives at INFO and emits nothing: the end of a pipeline while trying a topology out.
 * A drop-in for Storm Flux's {@code org.apache.storm.flux.wrappers.bolts.LogInfoBolt}.
 */
public class LogInfoBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LogInfoBolt.class);

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        LOG.info("{}", input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // emits nothing
    }
}
