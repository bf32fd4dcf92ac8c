package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Storm's own connectors (storm-hdfs and storm-kafka-client 2.8.3 with their dependencies, from Maven Central; the
 * connector-jars module copies them) given with {@code --classpath} as a user would: every command reads and builds
 * the topology, and {@code submit --local} starts a cluster whose Storm sees the connectors' classes (storm-hdfs
 * registers config validators that Storm loads by name). With no HDFS and no Kafka broker (closed loopback ports),
 * each connector's failure is reported as the connector's, by component and with its own message: no stack trace.
 * The run is a process of its own, as from bin/flux: a component that dies makes Storm exit the JVM.
 */
class ConnectorJarsIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    @Timeout(240)
    void connectorsWorkWithEveryCommandAndTheirFailuresAreTheirs() throws Exception {
        String classpath = connectorClasspath();
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.apache.storm.hdfs.bolt.HdfsBolt"),
            "the connectors must not be on the test classpath, or this test proves nothing");
        int noHdfs = closedPort();
        int noBroker = closedPort();
        Path topology = Files.writeString(tmp.resolve("connectors.yaml"), TOPOLOGY
            .replace("HDFS_PORT", String.valueOf(noHdfs)).replace("BROKER_PORT", String.valueOf(noBroker)));

        CliRun validate = CliRun.with(FluxLoader::load, Map.of(), "validate", "--classpath", classpath,
            topology.toString());
        assertEquals(ExitCodes.OK, validate.exitCode(), validate.out() + validate.err());
        CliRun show = CliRun.with(FluxLoader::load, Map.of(), "show", "--format", "json", "--classpath", classpath,
            topology.toString());
        assertEquals(ExitCodes.OK, show.exitCode(), show.err());
        List<String> classes = new ArrayList<>();
        JSON.readTree(show.out()).get("components").forEach(c -> classes.add(c.get("className").asText()));
        assertTrue(classes.contains("org.apache.storm.kafka.spout.KafkaSpout"), classes.toString());
        assertTrue(classes.contains("org.apache.storm.hdfs.bolt.HdfsBolt"), classes.toString());

        Path summary = tmp.resolve("summary.json");
        Process run = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), FluxCli.class.getName(), "submit", "--local",
            "--classpath", classpath, "--duration", "60", "--interval", "2", "--summary-json", summary.toString(),
            "--log-file", tmp.resolve("storm.log").toString(), topology.toString())
            .redirectErrorStream(true).redirectOutput(tmp.resolve("run.out").toFile()).start();
        assertTrue(run.waitFor(200, TimeUnit.SECONDS), "the run did not end");
        String out = Files.readString(tmp.resolve("run.out"), StandardCharsets.UTF_8);

        assertTrue(out.contains("flux: topology 'connectors' submitted"), out);
        assertFalse(out.contains("\tat "), "a stack trace reached the console:\n" + out);
        assertFalse(out.contains("ExceptionInInitializerError") || out.contains("ClassNotFoundException"), out);
        // The HDFS bolt cannot reach its name node: its error, by component, in its own words.
        assertTrue(out.lines().anyMatch(l -> l.startsWith("flux: component 'hdfs' reported an error: ")
            && l.contains("Connection refused")), out);
        // The Kafka spout finds no broker within its consumer's timeout: Kafka's own exception, and the spout dies.
        assertTrue(out.lines().anyMatch(l -> l.startsWith("flux: component 'kafka' reported an error: ")
            && l.contains("org.apache.kafka.common.errors.TimeoutException")), out);
        // The spout's death ends the worker, and Storm the process: a failed run, said as such.
        assertTrue(out.contains("flux: the run failed: Storm ended the process"), out);
        assertEquals(ExitCodes.FAILURE, run.exitValue(), out);
        JsonNode components = JSON.readTree(summary.toFile()).get("components");
        assertTrue(components.get("words").get("emitted").asLong() > 0, components.toString());
    }

    /** The connector jars, ':'-separated, as --classpath takes them. */
    private static String connectorClasspath() throws IOException {
        Path dir = Path.of(System.getProperty("connector.jars", "../connector-jars/target/connector-jars"));
        assertTrue(Files.isDirectory(dir), dir + " is missing: build the connector-jars module first");
        try (Stream<Path> jars = Files.list(dir)) {
            String classpath = jars.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted()
                .collect(Collectors.joining(File.pathSeparator));
            assertTrue(classpath.contains("storm-hdfs-") && classpath.contains("storm-kafka-client-"), classpath);
            return classpath;
        }
    }

    /** A loopback port nothing listens on: a connection to it is refused. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static final String TOPOLOGY = """
        name: connectors
        config:
          topology.workers: 1
          # HdfsBolt copies this map into Hadoop's configuration: refused connections fail at once.
          hdfs.config:
            ipc.client.connect.max.retries: 0
        components:
          - id: kafkaConfigBuilder
            className: org.apache.storm.kafka.spout.KafkaSpoutConfig$Builder
            constructorArgs: ["127.0.0.1:BROKER_PORT", ["flux-connectors"]]
            configMethods:
              - {name: setProp, args: ["group.id", "flux-connectors"]}
              - {name: setProp, args: ["key.deserializer", "org.apache.kafka.common.serialization.StringDeserializer"]}
              - {name: setProp, args: ["value.deserializer", "org.apache.kafka.common.serialization.StringDeserializer"]}
              # Without a broker the spout gives up after this long (Kafka's default is a minute).
              - {name: setProp, args: ["default.api.timeout.ms", 8000]}
              - {name: setProp, args: ["request.timeout.ms", 4000]}
          - id: kafkaConfig
            className: org.apache.storm.kafka.spout.KafkaSpoutConfig
            constructorArgs: [ref: kafkaConfigBuilder]
          - id: fileNameFormat
            className: org.apache.storm.hdfs.bolt.format.DefaultFileNameFormat
            configMethods: [{name: withPath, args: ["/flux-connectors/"]}]
          - id: recordFormat
            className: org.apache.storm.hdfs.bolt.format.DelimitedRecordFormat
          - id: syncPolicy
            className: org.apache.storm.hdfs.bolt.sync.CountSyncPolicy
            constructorArgs: [1]
          - id: rotationPolicy
            className: org.apache.storm.hdfs.bolt.rotation.FileSizeRotationPolicy
            constructorArgs: [1.0, MB]
        spouts:
          - id: kafka
            className: org.apache.storm.kafka.spout.KafkaSpout
            constructorArgs: [ref: kafkaConfig]
          - id: words
            className: org.apache.storm.testing.TestWordSpout
        bolts:
          - id: hdfs
            className: org.apache.storm.hdfs.bolt.HdfsBolt
            configMethods:
              - {name: withConfigKey, args: ["hdfs.config"]}
              - {name: withFsUrl, args: ["hdfs://127.0.0.1:HDFS_PORT"]}
              - {name: withFileNameFormat, args: [ref: fileNameFormat]}
              - {name: withRecordFormat, args: [ref: recordFormat]}
              - {name: withRotationPolicy, args: [ref: rotationPolicy]}
              - {name: withSyncPolicy, args: [ref: syncPolicy]}
        streams:
          - {from: words, to: hdfs, grouping: {type: SHUFFLE}}
        """;
}
