package dev.fluxext.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.FailedException;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/** Parses a JSON event and emits its {@code type} (field {@code type}); an event that is no JSON fails. */
public class EventTypeBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
        try {
            collector.emit(new Values(JSON.readTree(input.getString(0)).path("type").asText("unknown")));
        } catch (JsonProcessingException e) {
            throw new FailedException("not a JSON event: " + e.getOriginalMessage(), e);
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("type"));
    }
}
