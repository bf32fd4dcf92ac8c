package dev.fluxext.cli;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * A spout whose open() fails to reach its source and reports it to Storm, as a connector does before it gives up: the
 * error goes to Nimbus like one thrown out of open(). (Thrown, Storm would exit the JVM, which in a test's
 * {@code LocalCluster} also holds Nimbus; on a cluster only the spout's worker dies.)
 */
public class ReportsErrorInOpenSpout extends BaseRichSpout {

    static final String ERROR = "cannot reach the source at localhost:1: connection refused";

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        collector.reportError(new IllegalStateException(ERROR));
    }

    @Override
    public void nextTuple() {
        Utils.sleep(50);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("line"));
    }
}
