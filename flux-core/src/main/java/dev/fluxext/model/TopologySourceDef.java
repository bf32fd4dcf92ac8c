package dev.fluxext.model;

/**
 * {@code topologySource:}: an object whose method ({@code getTopology} unless {@code methodName} says otherwise)
 * returns the StormTopology, used instead of spouts, bolts and streams.
 */
public record TopologySourceDef(ObjectDef object, Located<String> methodName) {

    public static final String DEFAULT_METHOD = "getTopology";
}
