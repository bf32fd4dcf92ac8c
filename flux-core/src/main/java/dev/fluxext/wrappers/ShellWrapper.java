package dev.fluxext.wrappers;

import java.util.Map;
import org.apache.storm.topology.IComponent;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.utils.Utils;

/**
 * The methods a topology file calls on Flux's shell wrappers ({@code configMethods}), shared by the spout and the
 * bolt, which extend different Storm classes: streams and component config go to their {@link ShellComponent}.
 */
public interface ShellWrapper extends IComponent {

    ShellComponent shellComponent();

    default void setDefaultStream(String[] outputFields) {
        shellComponent().stream(Utils.DEFAULT_STREAM_ID, outputFields);
    }

    default void setNamedStream(String name, String[] outputFields) {
        shellComponent().stream(name, outputFields);
    }

    /** A value of the component's own config, which the script receives in its setup message; a list stays a list. */
    default void addComponentConfig(String key, Object value) {
        shellComponent().config(key, value);
    }

    @Override
    default void declareOutputFields(OutputFieldsDeclarer declarer) {
        shellComponent().declare(declarer);
    }

    @Override
    default Map<String, Object> getComponentConfiguration() {
        return shellComponent().config();
    }
}
