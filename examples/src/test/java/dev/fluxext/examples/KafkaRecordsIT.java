package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.examples.cluster.ChildJvm;
import dev.fluxext.examples.cluster.LedgerLines;
import dev.fluxext.examples.cluster.Poll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * topologies/kafka-records.yaml end to end against a real broker: {@code scripts/kafka-broker.sh} starts Kafka 4.1
 * (KRaft, its own JVM, the classpath module kafka-broker wrote) on 127.0.0.1 and a free port with topic
 * {@code records} of 3 partitions; {@code RecordProducer} writes 2,000 records in a child JVM; {@code flux submit
 * --local} of the example file, as its header runs it (3 workers, the batch-compressing transport, mutual TLS
 * with stores made here), reads them with Storm's KafkaSpout. Then every produced id is in the sink's ledger with
 * an intact checksum (a record seen twice, replayed, is counted and reported, not failed), the workers
 * connected over TLS without a failure, and the bundles they sent went through the compressing transport. The
 * broker and everything it started are killed at the end, also on failure. About 70 s on 2 cores; what the
 * processes printed, the broker's log and the ledger stay in target/kafka-records-it/.
 */
class KafkaRecordsIT {

    private static final int RECORDS = 2000;
    private static final int RUN_SECONDS = 40;
    private static final Path SCRIPT = Path.of("scripts", "kafka-broker.sh");

    @Test
    void everyProducedRecordReachesTheSinkIntactThroughCompressionAndTls() throws Exception {
        Path dir = fresh(Path.of("target", "kafka-records-it").toAbsolutePath());
        int port = freePortPair();
        String bootstrap = "127.0.0.1:" + port;
        Process broker = startBroker(dir, bootstrap);
        try {
            Poll.until("the broker to listen with topic 'records'", Duration.ofSeconds(90),
                    () -> Files.exists(dir.resolve("broker/ready")) ? Optional.of(true) : Optional.empty(),
                    () -> (broker.isAlive() ? "running" : "exited " + broker.exitValue()) + ": " + read(dir.resolve(
                            "broker.out")));

            ChildJvm producer = ChildJvm.start("producer", Path.of("").toAbsolutePath(), dir.resolve("producer.out"), Map.of(),
                    List.of("-Xmx256m"), System.getProperty("java.class.path"),
                    "dev.fluxext.examples.kafka.RecordProducer", List.of("--bootstrap", bootstrap, "--topic",
                            "records", "--from", "0", "--count", String.valueOf(RECORDS)));
            int produced = producer.waitFor(90);
            if (produced == -1) {
                producer.killTree();
            }
            assertEquals(0, produced, producer.output());
            assertTrue(producer.output().contains("produced " + RECORDS), producer.output());

            Path properties = Files.writeString(dir.resolve("kafka-records.properties"), "kafka.bootstrap=" + bootstrap
                    + "\nkafka.topic=records\ntls.dir=" + TlsFixture.stores(dir) + "\n");
            Path ledger = dir.resolve("ledger");
            Path summary = dir.resolve("summary.json");
            ChildJvm flux = ChildJvm.start("flux", Path.of("").toAbsolutePath(), dir.resolve("flux.out"), Map.of(), List.of(),
                    System.getProperty("java.class.path"), "dev.fluxext.cli.FluxCli", List.of("submit", "--local",
                            "topologies/kafka-records.yaml", "--filter", properties.toString(), "--duration",
                            String.valueOf(RUN_SECONDS), "--interval", "5", "--summary-json", summary.toString(),
                            "--log-file", dir.resolve("storm.log").toString(), "-c", "examples.ledger.dir=" + ledger));
            int exit;
            try {
                exit = flux.waitFor(RUN_SECONDS + 120);
            } finally {
                flux.killTree();
            }
            String output = flux.output();
            assertEquals(0, exit, output);

            LedgerLines lines = LedgerLines.read(ledger);
            Set<Long> missing = new HashSet<>();
            for (long id = 0; id < RECORDS; id++) {
                missing.add(id);
            }
            missing.removeAll(lines.sinkIds("ok"));
            assertEquals(Set.of(), missing, "produced but not seen intact at the sink; " + lines.summary());
            assertEquals(Set.of(), lines.sinkIds("corrupt"), lines.summary());
            long duplicates = lines.sink().size() - lines.sinkIds("ok").size();
            System.out.println("kafka-records: " + RECORDS + " produced, " + lines.sink().size() + " sink lines, "
                    + duplicates + " duplicates (replays)");

            assertTrue(output.contains("TLS between workers: engine ") && output.contains("no failed connections"),
                    output);
            JsonNode document = new ObjectMapper().readTree(summary.toFile());
            assertTrue(document.get("components").get("records").get("acked").asLong() >= RECORDS, document.toString());
            JsonNode connections = document.get("batchCompression");
            assertTrue(connections != null && connections.size() > 0, "no batch compression figures: " + document);
            long messages = 0;
            long bytesBefore = 0;
            for (JsonNode connection : connections) {
                messages += connection.get("messages").asLong();
                bytesBefore += connection.get("bytesBefore").asLong();
                assertEquals(0, connection.get("rejected").asLong(), connections.toString());
            }
            // Most records cross workers (shuffle over 3): over 1 KB each through the transport.
            assertTrue(messages > RECORDS / 2 && bytesBefore > RECORDS / 2 * 1000L, connections.toString());
        } finally {
            broker.descendants().forEach(ProcessHandle::destroyForcibly);
            broker.destroyForcibly();
            broker.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The script in the foreground, as a person runs it, with the classpath the kafka-broker module wrote. */
    private static Process startBroker(Path dir, String bootstrap) throws IOException {
        Path classpath = Path.of(System.getProperty("kafka.classpath"));
        assertTrue(Files.isRegularFile(classpath), "no " + classpath + ": build module kafka-broker (mvn -pl examples -am)");
        ProcessBuilder builder = new ProcessBuilder("bash", SCRIPT.toString(), dir.resolve("broker").toString(),
                bootstrap, "records:3").redirectErrorStream(true).redirectOutput(dir.resolve("broker.out").toFile());
        builder.environment().put("KAFKA_CLASSPATH_FILE", classpath.toString());
        return builder.start();
    }

    /** A free port whose successor is free too (the broker's controller listens there). */
    private static int freePortPair() throws IOException {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        for (int attempt = 0; attempt < 50; attempt++) {
            try (ServerSocket first = new ServerSocket(0, 1, loopback);
                 ServerSocket second = new ServerSocket(first.getLocalPort() + 1, 1, loopback)) {
                return first.getLocalPort();
            } catch (IOException taken) {
                // the successor is in use: another pair
            }
        }
        throw new IOException("no two free consecutive ports on 127.0.0.1");
    }

    private static Path fresh(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> {
                    try {
                        Files.delete(file);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
            }
        }
        return Files.createDirectories(dir);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(" + e + ")";
        }
    }
}
