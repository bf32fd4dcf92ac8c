package dev.fluxext.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.storm.FrameGuardContext;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.build.LoadedTopology;
import dev.fluxext.examples.kafka.RecordValue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example topology file loads through the real loader and builds, with no error and no warning. */
class ExampleTopologiesTest {

    private static final Path TOPOLOGIES = Path.of("topologies");
    private static final Path PROPERTIES = TOPOLOGIES.resolve("wordcount.properties");

    static List<Path> topologyFiles() {
        try (Stream<Path> files = Files.list(TOPOLOGIES)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** kafka-records.yaml's properties, with tls.dir where this test made the stores (the loader checks them). */
    private static Path kafkaProperties;

    @BeforeAll
    static void kafkaStores(@TempDir Path dir) throws Exception {
        Path stores = TlsFixture.stores(dir);
        Properties properties = new Properties();
        try (var in = Files.newBufferedReader(TOPOLOGIES.resolve("kafka-records.properties"))) {
            properties.load(in);
        }
        assertEquals(Set.of("kafka.bootstrap", "kafka.topic", "tls.dir"), properties.stringPropertyNames());
        properties.setProperty("tls.dir", stores.toString());
        kafkaProperties = dir.resolve("kafka-records.properties");
        try (var out = Files.newBufferedWriter(kafkaProperties)) {
            properties.store(out, null);
        }
    }

    private static LoadedTopology load(Path file) {
        // The word counts' properties file is passed for every example but the Kafka one; only wordcount-tuned.yaml
        // uses it. Run from the repository's root, as the examples' commands are: wordcount-tuned.yaml's include
        // starts there.
        Path properties = file.getFileName().toString().equals("kafka-records.yaml") ? kafkaProperties : PROPERTIES;
        LoadResult result = FluxLoader.load(new LoadOptions(file.toString(), false, Optional.of(properties), false,
                Map.of(), Map.of()).inDirectory(Path.of("..")));
        assertEquals(List.of(), result.diagnostics().stream().map(Diagnostic::format).toList());
        return result.topology().orElseThrow();
    }

    @ParameterizedTest
    @MethodSource("topologyFiles")
    void buildsWithNoErrorsAndNoWarnings(Path file) {
        LoadedTopology topology = load(file);
        int workers = file.getFileName().toString().equals("kafka-records.yaml") ? 3 : 2;
        assertEquals(workers, ((Number) topology.config().get("topology.workers")).intValue(),
                "every example runs 2 workers, the Kafka one 3");
        assertTrue(file.getFileName().toString().startsWith(topology.name()), topology.name() + " named after " + file);
    }

    @Test
    void theExamplesAreThere() {
        assertEquals(List.of("accounted-paragraphs.yaml", "events-batch-compressed.yaml", "kafka-records.yaml",
                "wordcount-compressed.yaml", "wordcount-tuned.yaml", "wordcount.yaml"),
                topologyFiles().stream().map(f -> f.getFileName().toString()).toList());
    }

    @Test
    void wordCountWiresSpoutSplitterCounterAndReporter() {
        StormTopology topology = load(TOPOLOGIES.resolve("wordcount.yaml")).topology();
        assertEquals(List.of("sentences"), List.copyOf(topology.get_spouts().keySet()));
        assertEquals(List.of("count", "report", "split"), topology.get_bolts().keySet().stream().sorted().toList());
        assertEquals(2, common(topology, "split").get_parallelism_hint());
        Grouping byWord = common(topology, "count").get_inputs().values().iterator().next();
        assertEquals(List.of("word"), byWord.get_fields());
        Grouping toOne = common(topology, "report").get_inputs().values().iterator().next();
        assertEquals(List.of(), toOne.get_fields(), "Storm expresses a global grouping as fields grouping on no field");
    }

    @Test
    void tunedWordCountTakesTheIncludedSpoutAndStreamsAndItsOwnSettings() throws IOException {
        LoadedTopology loaded = load(TOPOLOGIES.resolve("wordcount-tuned.yaml"));
        StormTopology topology = loaded.topology();
        assertEquals("wordcount-tuned", loaded.name());
        assertEquals(List.of("sentences"), List.copyOf(topology.get_spouts().keySet()));
        assertEquals(3, common(topology, "split").get_parallelism_hint());
        assertEquals(3, common(topology, "count").get_parallelism_hint());
        assertEquals(1000, ((Number) loaded.config().get("topology.max.spout.pending")).intValue(), "from wordcount.yaml");
        assertEquals(60, ((Number) loaded.config().get("topology.message.timeout.secs")).intValue());
        assertEquals(4, ((Number) componentConf(topology, "split").get(SplitSentenceBolt.MIN_LENGTH_KEY)).intValue());
        Map<String, Object> report = componentConf(topology, "report");
        assertEquals(5, ((Number) report.get("topology.tick.tuple.freq.secs")).intValue());
        assertEquals(15, ((Number) report.get(TopWordsReporterBolt.TOP_KEY)).intValue());
    }

    @Test
    void compressedWordCountCompressesParagraphsButNotWords() throws IOException {
        StormTopology topology = load(TOPOLOGIES.resolve("wordcount-compressed.yaml")).topology();
        assertEquals("zstd", componentConf(topology, "paragraphs").get(CompressionOptions.CODEC.key()));
        assertEquals("none", componentConf(topology, "split").get(CompressionOptions.CODEC.key()));
    }

    @Test
    void eventsTopologyCompressesBundlesOnTheTransportAndNoTupleTwice() throws IOException {
        LoadedTopology loaded = load(TOPOLOGIES.resolve("events-batch-compressed.yaml"));
        // Storm -> receive guard -> batch compression -> Netty.
        assertEquals(FrameGuardContext.class.getName(), loaded.config().get("storm.messaging.transport"));
        assertEquals(BatchCompressionContext.class.getName(), loaded.config().get(FrameGuardContext.DELEGATE_KEY));
        assertEquals("zstd", loaded.config().get(BatchCompressionOptions.CODEC.key()));
        // Every bundle, so that a local run (loopback never binds) shows the codec at work.
        assertEquals("always", loaded.config().get(BatchCompressionOptions.WHEN.key()));
        for (String id : List.of("events", "parse", "count")) {
            assertEquals(null, componentConf(loaded.topology(), id).get(CompressionOptions.CODEC.key()), id);
        }
    }

    @Test
    void eventsAreSmallJsonWithRepeatsAcrossThem() {
        List<String> events = EventSpout.events(EventSpout.DISTINCT_EVENTS, 1);
        double mean = events.stream().mapToInt(String::length).average().orElseThrow();
        assertTrue(mean > 180 && mean < 240, "about 200 bytes: " + mean);
        assertEquals(events, EventSpout.events(EventSpout.DISTINCT_EVENTS, 1), "same seed, same events");
    }

    @Test
    void theSpoutEmitsTheSameEventsMadeAsItReachesThem() {
        List<String> generated = new EventSpout.Generated(EventSpout.DISTINCT_EVENTS, EventSpout.SEED);
        assertEquals(EventSpout.DISTINCT_EVENTS, generated.size());
        assertEquals(EventSpout.events(3, EventSpout.SEED).get(2), generated.get(2), "made in order up to the one asked");
        assertEquals(EventSpout.events(EventSpout.DISTINCT_EVENTS, EventSpout.SEED), generated);
        assertThrows(IndexOutOfBoundsException.class, () -> generated.get(EventSpout.DISTINCT_EVENTS));
    }

    @Test
    void kafkaRecordsReadsTheTopicAtLeastOnceAcrossWorkersOverTls() throws IOException {
        LoadedTopology loaded = load(TOPOLOGIES.resolve("kafka-records.yaml"));
        StormTopology topology = loaded.topology();
        assertEquals(List.of("records"), List.copyOf(topology.get_spouts().keySet()));
        assertEquals(3, common(topology, "sink").get_parallelism_hint());
        assertEquals(20, ((Number) loaded.config().get("topology.message.timeout.secs")).intValue());
        assertEquals(BatchCompressionContext.class.getName(), loaded.config().get(FrameGuardContext.DELEGATE_KEY));
        assertEquals("zstd", loaded.config().get(BatchCompressionOptions.CODEC.key()));
        assertEquals(null, loaded.config().get(BatchCompressionOptions.WHEN.key()), "the default, backlogged");
        assertTrue(loaded.config().get("fluxext.tls.password.file").toString().endsWith("/certs/tls.pass"),
                "the password file from tls.dir: " + loaded.config());
    }

    @Test
    void kafkaRecordValuesCarryTheirIdAndAChecksumOfTheirEvent() {
        String value = RecordValue.of(41);
        assertEquals(value, RecordValue.of(41), "the same id, the same record");
        assertTrue(value.length() > 900 && value.length() < 1300, "about 1 KB: " + value.length());
        assertEquals(Optional.of(new LedgerSinkBolt.Seen(41, true)), RecordValue.check(value));
        String tampered = value.replace("\"quantity\":", "\"quantity\":1");
        assertEquals(Optional.of(new LedgerSinkBolt.Seen(41, false)), RecordValue.check(tampered));
        assertEquals(Optional.empty(), RecordValue.check("not a record"));
        assertEquals(Optional.of(new LedgerSinkBolt.Seen(41, false)), RecordValue.check(value.substring(0,
                value.length() - 2) + "}"), "cut short");
        assertEquals(Optional.empty(), RecordValue.check(value.substring(0, 40)));
    }

    private static ComponentCommon common(StormTopology topology, String id) {
        if (topology.get_spouts().containsKey(id)) {
            return topology.get_spouts().get(id).get_common();
        }
        return topology.get_bolts().get(id).get_common();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> componentConf(StormTopology topology, String id) throws IOException {
        String json = common(topology, id).get_json_conf();
        return json == null ? Map.of() : new ObjectMapper().readValue(json, Map.class); // null: no config of its own
    }
}
