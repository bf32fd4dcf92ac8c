package dev.fluxext.cli;

import java.util.Map;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * Prints its final count in {@code cleanup()}, as users of Storm's local mode do: the line shows that Storm's
 * guarantee held (in local mode, a killed topology's bolts are cleaned up).
 */
public class PrintsOnCleanupBolt extends BaseBasicBolt {

    private String component;
    private int task;
    private long executed;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context) {
        component = context.getThisComponentId();
        task = context.getThisTaskId();
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        executed++;
    }

    @Override
    public void cleanup() {
        System.out.println("cleanup() of '" + component + "' task " + task + " after " + executed + " tuples");
        System.out.flush();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
