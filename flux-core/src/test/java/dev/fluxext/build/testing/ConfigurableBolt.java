package dev.fluxext.build.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/**
 * A bolt built every way a topology file can build an object (enum, number, boolean and reference constructor
 * arguments, factories, properties, config methods); it records what it was given so tests can check it. Its
 * component configuration carries that record, so it shows up in the built topology's json_conf.
 */
public class ConfigurableBolt extends BaseBasicBolt {

    private static final long serialVersionUID = 1L;

    public enum Mode { FOO, BAR }

    public final List<String> calls = new ArrayList<>();
    public Duration timeLen;
    public String publicText;

    public ConfigurableBolt() {
        calls.add("new()");
    }

    public ConfigurableBolt(Mode mode) {
        calls.add("new(" + mode + ")");
    }

    public ConfigurableBolt(int count) {
        calls.add("new(int " + count + ")");
    }

    public ConfigurableBolt(Mode mode, double rate, boolean flag, Duration[] durations) {
        calls.add("new(" + mode + ", " + rate + ", " + flag + ", " + durations.length + " durations)");
    }

    public static ConfigurableBolt newInstance() {
        ConfigurableBolt bolt = new ConfigurableBolt();
        bolt.calls.add("newInstance()");
        return bolt;
    }

    public static ConfigurableBolt newInstance(Mode mode) {
        ConfigurableBolt bolt = new ConfigurableBolt(mode);
        bolt.calls.add("newInstance(" + mode + ")");
        return bolt;
    }

    public static ConfigurableBolt newLongInstance(long value) {
        ConfigurableBolt bolt = new ConfigurableBolt();
        bolt.calls.add("newLongInstance(" + value + ")");
        return bolt;
    }

    public void withFoo(String foo) {
        calls.add("withFoo(" + foo + ")");
    }

    public void withNone() {
        calls.add("withNone()");
    }

    public void withFooBar(String foo, String bar) {
        calls.add("withFooBar(" + foo + ", " + bar + ")");
    }

    public void withDurations(Duration... durations) {
        calls.add("withDurations(" + durations.length + ")");
    }

    public void withNumbers(int[] numbers) {
        calls.add("withNumbers(" + numbers.length + ")");
    }

    public void withNumbers(String[] words) {
        calls.add("withNumbers(String[" + words.length + "])");
    }

    public void setTimeLen(Duration timeLen) {
        this.timeLen = timeLen;
        calls.add("setTimeLen(" + timeLen + ")");
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return Map.of("test.calls", String.join("; ", calls) + (publicText == null ? "" : "; publicText=" + publicText));
    }

    @Override
    public void execute(Tuple input, BasicOutputCollector collector) {
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("value"));
        declarer.declareStream("errors", new Fields("error", "cause"));
    }
}
