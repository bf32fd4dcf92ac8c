package dev.fluxext.wrappers;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;

/**
 * What a topology file says about a multilang spout or bolt that its script cannot declare itself: the output
 * streams with their fields, and the component's own config, set through {@link ShellWrapper}'s methods. It
 * travels with the spout or bolt to the workers, hence serializable plain collections.
 */
public final class ShellComponent implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, ArrayList<String>> streams = new LinkedHashMap<>();
    private final LinkedHashMap<String, Object> config = new LinkedHashMap<>();

    /** The default stream's fields, or none when {@code fields} is empty (a component that emits nothing). */
    public ShellComponent(String[] defaultStreamFields) {
        if (defaultStreamFields.length > 0) {
            stream(Utils.DEFAULT_STREAM_ID, defaultStreamFields);
        }
    }

    public void stream(String name, String[] fields) {
        streams.put(name, new ArrayList<>(List.of(fields)));
    }

    public void config(String key, Object value) {
        config.put(key, value);
    }

    public void declare(OutputFieldsDeclarer declarer) {
        streams.forEach((name, fields) -> declarer.declareStream(name, new Fields(fields)));
    }

    public Map<String, Object> config() {
        return config;
    }
}
