package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import dev.fluxext.compression.storm.FrameGuardContext;
import dev.fluxext.build.LoadedTopology;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;

class CompressionWiringTest {

    /** The component's own config ({@code json_conf}) as Storm received it. */
    static Map<?, ?> componentConf(StormTopology topology, String id) throws Exception {
        String json = topology.get_spouts().containsKey(id) ? topology.get_spouts().get(id).get_common().get_json_conf()
                : topology.get_bolts().get(id).get_common().get_json_conf();
        return new ObjectMapper().readValue(json, Map.class);
    }

    @Test
    void topologyDefaultsAndComponentOverridesAreWired() throws Exception {
        LoadedTopology loaded = FluxEquivalenceTest.loaded("compression.yaml");
        Map<String, Object> conf = loaded.config();
        assertEquals(CompressingListDelegateSerializer.class.getName(), conf.get("topology.tuple.serializer"));
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals("zstd", conf.get("fluxext.compression.codec"));
        assertEquals(5, conf.get("fluxext.compression.zstd.level"));
        // Receivers decompress with the topology config: the largest cap declared anywhere is the topology's.
        assertEquals(5_000_000, conf.get("fluxext.compression.max.decompressed.bytes"));

        Map<?, ?> words = componentConf(loaded.topology(), "words");
        assertEquals("lz4", words.get("fluxext.compression.codec"));
        assertEquals("words", words.get("fluxext.component.id"));
        Map<?, ?> count = componentConf(loaded.topology(), "count");
        assertEquals("none", count.get("fluxext.compression.codec")); // Storm 3 key, translated
        assertEquals(null, count.get("topology.tuple.compression.enable"));
        Map<?, ?> total = componentConf(loaded.topology(), "total");
        assertEquals("zstd", total.get("fluxext.compression.codec"));
        assertEquals("total", total.get("fluxext.component.id"));
    }

    @Test
    void ownAndStorm3KeysInAComponentConfigAreHonouredOverTheTopologyBlock() throws Exception {
        LoadedTopology loaded = FluxEquivalenceTest.loaded("compression-config-override.yaml");
        assertEquals("zstd", loaded.config().get("fluxext.compression.codec"));
        Map<?, ?> words = componentConf(loaded.topology(), "words");
        assertEquals("lz4", words.get("fluxext.compression.codec"), "not replaced by the topology's block");
        assertEquals(32, words.get("fluxext.compression.threshold"));
        Map<?, ?> count = componentConf(loaded.topology(), "count");
        assertEquals("zstd", count.get("fluxext.compression.codec"));
        assertEquals(64, count.get("fluxext.compression.threshold"));
    }

    @Test
    void everyComponentCarriesItsIdAndEffectiveSettingsWhenAnyCompresses() throws Exception {
        LoadedTopology loaded = FluxEquivalenceTest.loaded("compression-some.yaml");
        Map<?, ?> words = componentConf(loaded.topology(), "words");
        assertEquals("words", words.get("fluxext.component.id"));
        assertEquals("zstd", words.get("fluxext.compression.codec"));
        assertEquals(256, words.get("fluxext.compression.threshold"));
        // No block of its own: still its id (its tuples are counted under it), and the topology default.
        Map<?, ?> count = componentConf(loaded.topology(), "count");
        assertEquals("count", count.get("fluxext.component.id"));
        assertEquals(256, count.get("fluxext.compression.threshold"));
        assertEquals(null, count.get("fluxext.compression.codec"));
    }

    @Test
    void noCompressionBlockLeavesTheConfigAlone() {
        LoadedTopology loaded = FluxEquivalenceTest.loaded("diamond.yaml");
        assertEquals(null, loaded.config().get("topology.tuple.serializer"));
    }
}
