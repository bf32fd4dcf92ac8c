package dev.fluxext.compression.storm;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.config.ConfigOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.storm.Config;

/**
 * Wires compression into a Storm topology's configuration: the one call flux-core (or a Java topology) makes.
 * Settings are maps from {@link dev.fluxext.compression.config.CompressionOptions} keys to validated values.
 */
public final class CompressionSetup {

    /** The component id a serializer counts its tuples under (Storm tells a serializer nothing about it). */
    public static final String COMPONENT_ID_KEY = "fluxext.component.id";

    private CompressionSetup() {
    }

    /**
     * Registers the compressing tuple serializer in the topology config and puts the topology-wide default settings
     * there. Also wraps the messaging transport in {@link FrameGuardContext} so a rejected frame costs only its own
     * tuple (it also counts the tuples sent and registers the metrics); a transport already set in
     * {@code topologyConf} is kept as the wrapped one. Adds no task hook: with one, Storm calls hooks for every
     * tuple. Idempotent.
     *
     * @throws IllegalArgumentException if a default setting is invalid
     */
    public static void enable(Map<String, Object> topologyConf, Map<String, Object> topologyDefaults) {
        Map<String, Object> checked = checked(topologyDefaults);
        topologyConf.put(Config.TOPOLOGY_TUPLE_SERIALIZER, CompressingListDelegateSerializer.class.getName());
        Object transport = topologyConf.get(Config.STORM_MESSAGING_TRANSPORT);
        if (transport != null && !FrameGuardContext.class.getName().equals(transport)) {
            topologyConf.put(FrameGuardContext.DELEGATE_KEY, transport);
        }
        topologyConf.put(Config.STORM_MESSAGING_TRANSPORT, FrameGuardContext.class.getName());
        topologyConf.putAll(checked);
    }

    /**
     * The entries to add to component {@code componentId}'s config so that it compresses per {@code settings}.
     *
     * @throws IllegalArgumentException if a setting is invalid
     */
    public static Map<String, Object> componentConf(String componentId, Map<String, Object> settings) {
        Map<String, Object> conf = checked(settings);
        conf.put(COMPONENT_ID_KEY, componentId);
        return conf;
    }

    /** Our keys only, validated and converted; fallback (Storm 3) keys are translated to ours. */
    private static Map<String, Object> checked(Map<String, Object> settings) {
        CompressionSettings.fromConf(settings); // throws, naming every bad value
        Map<String, Object> out = new LinkedHashMap<>();
        for (ConfigOption option : CompressionOptions.ALL) {
            option.lookup(settings).ifPresent(found ->
                    out.put(option.key(), option.convert(option.translate(found.key(), found.raw()))));
        }
        return out;
    }
}
