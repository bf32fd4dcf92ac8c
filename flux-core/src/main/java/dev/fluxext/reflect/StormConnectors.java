package dev.fluxext.reflect;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.storm.utils.VersionInfo;

/**
 * Which of Storm's connector artifacts holds a package, for the hint when no class of the package is on the classpath
 * (the usual cause: the connector's jar is missing, e.g. {@code org.apache.storm.hdfs.bolt.HdfsBolt} without
 * storm-hdfs). Taken from Storm's source tree ({@code external/}) at 2.8.3 and at each connector's last release.
 */
final class StormConnectors {

    /**
     * One connector: the packages it holds, and the last Storm version that shipped it (empty while Storm ships it).
     * A more specific package wins (storm-autocreds' {@code org.apache.storm.hdfs.security} over storm-hdfs).
     */
    private record Connector(String packagePrefix, String artifact, Optional<String> lastRelease, String instead) {

        boolean holds(String pkg) {
            return pkg.equals(packagePrefix) || pkg.startsWith(packagePrefix + ".");
        }
    }

    private static final String PREFIX = "org.apache.storm.";

    private static final List<Connector> CONNECTORS = List.of(
            shipped("kafka.spout", "storm-kafka-client"),
            shipped("kafka.bolt", "storm-kafka-client"),
            shipped("kafka.trident", "storm-kafka-client"),
            shipped("kafka.migration", "storm-kafka-migration"),
            shipped("kafka.monitor", "storm-kafka-monitor"),
            new Connector(PREFIX + "kafka", "storm-kafka", Optional.of("1.2.4"), "storm-kafka-client"),
            shipped("hdfs.security", "storm-autocreds"),
            shipped("hbase.security", "storm-autocreds"),
            removed("hive.security", "storm-autocreds", "2.7.1"),
            shipped("hdfs.blobstore", "storm-hdfs-blobstore"),
            shipped("hdfs", "storm-hdfs"),
            shipped("container.oci", "storm-hdfs-oci"),
            shipped("jdbc", "storm-jdbc"),
            shipped("jms", "storm-jms"),
            shipped("redis", "storm-redis"),
            shipped("metrics.hdrhistogram", "storm-metrics"),
            shipped("metrics.sigar", "storm-metrics"),
            shipped("metrics.prometheus", "storm-metrics-prometheus"),
            removed("hive", "storm-hive", "2.7.1"),
            removed("elasticsearch", "storm-elasticsearch", "2.7.0"),
            removed("hbase", "storm-hbase", "2.5.0"),
            removed("cassandra", "storm-cassandra", "2.5.0"),
            removed("mongodb", "storm-mongodb", "2.5.0"),
            removed("solr", "storm-solr", "2.5.0"),
            removed("kinesis", "storm-kinesis", "2.5.0"),
            removed("mqtt", "storm-mqtt", "2.5.0"),
            removed("opentsdb", "storm-opentsdb", "2.5.0"),
            removed("rocketmq", "storm-rocketmq", "2.5.0"),
            removed("pmml", "storm-pmml", "2.5.0"),
            removed("eventhubs", "storm-eventhubs", "2.5.0"),
            removed("druid", "storm-druid", "1.2.4"));

    private StormConnectors() {
    }

    private static Connector shipped(String pkg, String artifact) {
        return new Connector(PREFIX + pkg, artifact, Optional.empty(), "");
    }

    private static Connector removed(String pkg, String artifact, String lastRelease) {
        return new Connector(PREFIX + pkg, artifact, Optional.of(lastRelease), "");
    }

    /** "it is in Storm's connector storm-hdfs: ..." for a package of one of Storm's connectors. */
    static Optional<String> hint(String pkg) {
        return CONNECTORS.stream().filter(c -> c.holds(pkg))
                .max(Comparator.comparingInt(c -> c.packagePrefix().length()))
                .map(StormConnectors::hint);
    }

    private static String hint(Connector c) {
        if (c.lastRelease().isEmpty()) {
            return "it is in Storm's connector " + c.artifact() + ": add org.apache.storm:" + c.artifact() + ":"
                    + VersionInfo.getVersion() + " with its dependencies (--jar, --classpath, or your topology jar)";
        }
        String last = c.lastRelease().get();
        return "it was in Storm's connector " + c.artifact() + ", which Storm " + VersionInfo.getVersion()
                + " no longer ships: its last release is org.apache.storm:" + c.artifact() + ":" + last
                + (c.instead().isEmpty() ? "" : "; use " + c.instead() + " (org.apache.storm:" + c.instead() + ":"
                + VersionInfo.getVersion() + ") instead");
    }
}
