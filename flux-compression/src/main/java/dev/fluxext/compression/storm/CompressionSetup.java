package dev.fluxext.compression.storm;

import java.util.Map;

/**
 * Wires compression into a Storm topology's configuration: the one call flux-core (or a Java topology) makes.
 * Settings are maps from {@link dev.fluxext.compression.config.CompressionOptions} keys to validated values.
 */
public final class CompressionSetup {

    private CompressionSetup() {
    }

    /**
     * Registers the compressing tuple serializer and the metrics hook in the topology config and puts the
     * topology-wide default settings there. Idempotent.
     */
    public static void enable(Map<String, Object> topologyConf, Map<String, Object> topologyDefaults) {
        throw new UnsupportedOperationException("not yet implemented"); // implemented by flux-compression
    }

    /** The entries to add to component {@code componentId}'s config so that it compresses per {@code settings}. */
    public static Map<String, Object> componentConf(String componentId, Map<String, Object> settings) {
        throw new UnsupportedOperationException("not yet implemented"); // implemented by flux-compression
    }
}
