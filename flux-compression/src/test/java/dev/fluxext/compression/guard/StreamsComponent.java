package dev.fluxext.compression.guard;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.IRichSpout;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseComponent;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * A spout or bolt that only declares the given streams, for tests that need a topology's shape but never run it.
 * One class for both so that the streams are declared in one place.
 */
final class StreamsComponent extends BaseComponent implements IRichSpout, IRichBolt {

    private final Map<String, Fields> streams;

    StreamsComponent(Map<String, Fields> streams) {
        this.streams = streams;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        streams.forEach(declarer::declareStream);
    }

    // Never run: the spout's and the bolt's methods do nothing.

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
    }

    @Override
    public void nextTuple() {
    }

    @Override
    public void activate() {
    }

    @Override
    public void deactivate() {
    }

    @Override
    public void ack(Object msgId) {
    }

    @Override
    public void fail(Object msgId) {
    }

    @Override
    public void close() {
    }

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
    }

    @Override
    public void execute(Tuple input) {
    }

    @Override
    public void cleanup() {
    }
}
