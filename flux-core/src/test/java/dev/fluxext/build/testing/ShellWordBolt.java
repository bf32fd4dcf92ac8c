package dev.fluxext.build.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.ShellBolt;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;

/** A multilang bolt as Storm Flux's FluxShellBolt is: command line, output fields, component config methods. */
public class ShellWordBolt extends ShellBolt implements IRichBolt {

    private static final long serialVersionUID = 1L;

    private final String[] outputFields;
    private final Map<String, Object> componentConfig = new HashMap<>();

    public ShellWordBolt(String[] command, String[] outputFields) {
        super(command);
        this.outputFields = outputFields;
    }

    public void addComponentConfig(String key, Object value) {
        componentConfig.put(key, value);
    }

    public void addComponentConfig(String key, List<Object> values) {
        componentConfig.put(key, "list:" + values);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(outputFields));
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return componentConfig;
    }
}
