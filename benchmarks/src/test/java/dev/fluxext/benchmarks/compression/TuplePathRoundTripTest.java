package dev.fluxext.benchmarks.compression;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Kryo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.storm.Config;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.ListDelegate;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The benchmark setups must move real tuples intact, or their figures mean nothing. */
class TuplePathRoundTripTest {

    static Stream<Arguments> everyPayloadAndPath() {
        return Stream.of(Payload.values()).flatMap(payload -> Stream.of(TuplePath.values())
                .map(path -> Arguments.of(payload, path)));
    }

    @ParameterizedTest(name = "{0} over {1}")
    @MethodSource("everyPayloadAndPath")
    void everyTupleOfTheCorpusSurvivesStormsSerializerAndDeserializer(Payload payload, TuplePath path) {
        StormTupleRig rig = new StormTupleRig(path.topologyConf(), payload.load());
        for (int i = 0; i < rig.size(); i++) {
            Tuple sent = rig.tuple(i);
            TupleImpl received = rig.deserialize(rig.serialize(sent));
            assertEquals(sent.getValues(), received.getValues(), "values of tuple " + i);
            assertEquals(StormTupleRig.SPOUT, received.getSourceComponent());
            assertEquals(StormTupleRig.SPOUT_TASK, received.getSourceTask());
            assertEquals(sent.getSourceStreamId(), received.getSourceStreamId());
            assertEquals(sent.getMessageId(), received.getMessageId());
            assertEquals(sent.getString(0), received.getStringByField(StormTupleRig.FIELD));
        }
    }

    /** Ours must be what Storm itself instantiates from {@code topology.tuple.serializer}, not a shortcut. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = TuplePath.class, names = "OURS_.*", mode = EnumSource.Mode.MATCH_ALL)
    void oursIsRegisteredAsStormsTupleSerializer(TuplePath path) {
        Map<String, Object> conf = path.topologyConf();
        assertEquals(CompressingListDelegateSerializer.class.getName(), conf.get(Config.TOPOLOGY_TUPLE_SERIALIZER));
        Kryo kryo = SerializationFactory.getKryo(withStormDefaults(conf));
        assertInstanceOf(CompressingListDelegateSerializer.class, kryo.getSerializer(ListDelegate.class));
    }

    @Test
    void theBaselineIsRegisteredAsStormsTupleSerializerToo() {
        Kryo kryo = SerializationFactory.getKryo(withStormDefaults(TuplePath.ZSTD_STREAM_PER_TUPLE.topologyConf()));
        assertInstanceOf(StreamPerTupleZstdSerializer.class, kryo.getSerializer(ListDelegate.class));
    }

    private static Map<String, Object> withStormDefaults(Map<String, Object> settings) {
        Map<String, Object> conf = Utils.readDefaultConfig();
        conf.putAll(settings);
        return conf;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("compressingPaths")
    void compressingPathsReallyShrinkProse(TuplePath path) {
        List<String> prose = Payload.PROSE_1500B.load();
        double none = WireSizes.meanWireBytes(TuplePath.NONE, prose);
        double compressed = WireSizes.meanWireBytes(path, prose);
        assertTrue(compressed < 0.9 * none, path + " sends " + compressed + " B per tuple against " + none + " raw");
    }

    static Stream<TuplePath> compressingPaths() {
        return Stream.of(TuplePath.values()).filter(p -> p != TuplePath.NONE);
    }

    /** "Same level and ratio": ours and the baseline must send about the same bytes, or the speed-up is not fair. */
    @Test
    void oursAndStreamPerTupleSendTheSameBytesWithinAFewPercent() {
        for (Payload payload : Payload.values()) {
            List<String> payloads = payload.load();
            double ours = WireSizes.meanWireBytes(TuplePath.OURS_ZSTD, payloads);
            double baseline = WireSizes.meanWireBytes(TuplePath.ZSTD_STREAM_PER_TUPLE, payloads);
            assertTrue(Math.abs(ours - baseline) <= 0.05 * baseline,
                    payload + ": ours " + ours + " B per tuple, stream-per-tuple " + baseline);
        }
    }

    @Test
    void proseIsAtLeastFiftyDifferentParagraphsOfAboutOneAndAHalfKilobytes() {
        List<String> prose = Corpus.prose();
        assertTrue(prose.size() >= 50, prose.size() + " paragraphs");
        assertEquals(prose.size(), new HashSet<>(prose).size(), "paragraphs repeat");
        double mean = prose.stream().mapToInt(String::length).average().orElseThrow();
        assertTrue(mean > 1200 && mean < 1800, "mean paragraph length " + mean);
        assertTrue(prose.stream().allMatch(p -> p.length() > 1000 && !p.contains("\n")), "a paragraph is odd");
    }

    @Test
    void jsonEventsAreValidVariedAbout200BytesAndSeeded() throws Exception {
        List<String> events = Corpus.jsonEvents(512, 7);
        ObjectMapper mapper = new ObjectMapper();
        for (String event : events) {
            JsonNode node = mapper.readTree(event);
            assertEquals(11, node.size(), event);
        }
        assertEquals(events.size(), new HashSet<>(events).size(), "events repeat");
        double mean = events.stream().mapToInt(String::length).average().orElseThrow();
        assertTrue(mean > 170 && mean < 230, "mean event length " + mean);
        assertEquals(events, Corpus.jsonEvents(512, 7));
        assertNotEquals(events, Corpus.jsonEvents(512, 8));
    }
}
