package dev.fluxext.compression.storm;

import java.util.HashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.utils.Utils;

/** Storm's own values (de)serializers, built as a worker builds them, with our serializer plugged in or not. */
public final class StormKryo {

    private StormKryo() {
    }

    /** Storm's defaults with {@code settings}, set up as a topology is: {@link CompressionSetup#enable}. */
    public static Map<String, Object> conf(Map<String, Object> settings) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        CompressionSetup.enable(conf, settings);
        return conf;
    }

    public static Map<String, Object> stormDefaultConf() {
        return new HashMap<>(Utils.readDefaultConfig());
    }

    public static KryoValuesSerializer serializer(Map<String, Object> conf) {
        return new KryoValuesSerializer(conf);
    }

    public static KryoValuesDeserializer deserializer(Map<String, Object> conf) {
        return new KryoValuesDeserializer(conf);
    }

    public static Map<String, Object> settings(Object... keyValues) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        m.putIfAbsent(Config.TOPOLOGY_NAME, "test");
        return m;
    }
}
