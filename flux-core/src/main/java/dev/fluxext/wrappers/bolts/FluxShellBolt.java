package dev.fluxext.wrappers.bolts;

import dev.fluxext.wrappers.ShellComponent;
import java.util.Map;
import org.apache.storm.task.ShellBolt;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.utils.Utils;

/**
 * A bolt written in another language (Storm's multilang protocol, {@link ShellBolt}) whose streams and config come
 * from the topology file; a drop-in for Storm Flux's {@code org.apache.storm.flux.wrappers.bolts.FluxShellBolt}:
 * <pre>
 * className: dev.fluxext.wrappers.bolts.FluxShellBolt
 * constructorArgs: [["python3", "splitsentence.py"], ["word"]]
 * configMethods:
 *   - {name: setNamedStream, args: ["errors", ["message"]]}
 *   - {name: addComponentConfig, args: ["my.key", "value"]}
 * </pre>
 */
public class FluxShellBolt extends ShellBolt implements IRichBolt {

    private static final long serialVersionUID = 1L;

    private final ShellComponent component;

    /** A bolt that emits nothing (its streams may still be added with {@link #setNamedStream}). */
    public FluxShellBolt(String[] command) {
        this(command, new String[0]);
    }

    /** A bolt that runs {@code command} and emits {@code outputFields} on the default stream. */
    public FluxShellBolt(String[] command, String[] outputFields) {
        super(command);
        this.component = new ShellComponent(outputFields);
    }

    public void setDefaultStream(String[] outputFields) {
        component.stream(Utils.DEFAULT_STREAM_ID, outputFields);
    }

    public void setNamedStream(String name, String[] outputFields) {
        component.stream(name, outputFields);
    }

    /** A value of this bolt's own config, which the script receives in its setup message; a list stays a list. */
    public void addComponentConfig(String key, Object value) {
        component.config(key, value);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        component.declare(declarer);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return component.config();
    }
}
