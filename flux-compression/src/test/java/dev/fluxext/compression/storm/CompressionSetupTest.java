package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.CompressionOptions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.testing.TestWordSpout;
import org.junit.jupiter.api.Test;

class CompressionSetupTest {

    @Test
    void enableRegistersSerializerAndGuardAddsNoHookAndIsIdempotent() {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_AUTO_TASK_HOOKS, List.of("com.example.Hook"));
        conf.put(Config.STORM_MESSAGING_TRANSPORT, "com.example.Transport");
        Map<String, Object> defaults = Map.of(CompressionOptions.CODEC.key(), "lz4",
                CompressionOptions.THRESHOLD.key(), 2048L);
        CompressionSetup.enable(conf, defaults);
        CompressionSetup.enable(conf, defaults);

        assertEquals(CompressingListDelegateSerializer.class.getName(), conf.get(Config.TOPOLOGY_TUPLE_SERIALIZER));
        // A hook would make Storm build an info object and call it for every tuple.
        assertEquals(List.of("com.example.Hook"), conf.get(Config.TOPOLOGY_AUTO_TASK_HOOKS));
        assertEquals(FrameGuardContext.class.getName(), conf.get(Config.STORM_MESSAGING_TRANSPORT));
        assertEquals("com.example.Transport", conf.get(FrameGuardContext.DELEGATE_KEY));
        assertEquals("lz4", conf.get(CompressionOptions.CODEC.key()));
        assertEquals(2048, conf.get(CompressionOptions.THRESHOLD.key()));
    }

    @Test
    void enableWithoutTransportLeavesTheDefaultDelegate() {
        Map<String, Object> conf = new HashMap<>();
        CompressionSetup.enable(conf, Map.of());
        assertFalse(conf.containsKey(FrameGuardContext.DELEGATE_KEY));
        assertFalse(conf.containsKey(Config.TOPOLOGY_AUTO_TASK_HOOKS));
        assertEquals(FrameGuardContext.class.getName(), conf.get(Config.STORM_MESSAGING_TRANSPORT));
    }

    @Test
    void componentConfCarriesOurKeysAndTheComponentId() {
        Map<String, Object> c = CompressionSetup.componentConf("splitter",
                Map.of(CompressionOptions.CODEC.key(), "zstd", CompressionOptions.ZSTD_LEVEL.key(), 7));
        assertEquals(Map.of(CompressionOptions.CODEC.key(), "zstd", CompressionOptions.ZSTD_LEVEL.key(), 7,
                CompressionSetup.COMPONENT_ID_KEY, "splitter"), c);
    }

    @Test
    void storm3KeysAreTranslated() {
        Map<String, Object> c = CompressionSetup.componentConf("s", Map.of(CompressionOptions.STORM3_ENABLE, true,
                CompressionOptions.STORM3_THRESHOLD, 100, CompressionOptions.STORM3_ZSTD_LEVEL, 5,
                CompressionOptions.STORM3_MAX_DECOMPRESSED, 1000));
        assertEquals("zstd", c.get(CompressionOptions.CODEC.key()));
        assertEquals(100, c.get(CompressionOptions.THRESHOLD.key()));
        assertEquals(5, c.get(CompressionOptions.ZSTD_LEVEL.key()));
        assertEquals(1000, c.get(CompressionOptions.MAX_DECOMPRESSED_BYTES.key()));
        assertEquals("none", CompressionSetup.componentConf("s", Map.of(CompressionOptions.STORM3_ENABLE, "false"))
                .get(CompressionOptions.CODEC.key()));
    }

    @Test
    void invalidSettingsAreRejectedNamingKeyAndRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompressionSetup
                .componentConf("s", Map.of(CompressionOptions.ZSTD_LEVEL.key(), 40, CompressionOptions.CODEC.key(), "xz")));
        assertTrue(e.getMessage().contains("fluxext.compression.zstd.level"), e.getMessage());
        assertTrue(e.getMessage().contains("22"), e.getMessage());
        assertTrue(e.getMessage().contains("'xz'"), e.getMessage());
    }

    @Test
    void zstdWindowLogBelowTenIsRejectedButZeroMeansAuto() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CompressionSetup
                .componentConf("s", Map.of(CompressionOptions.ZSTD_WINDOW_LOG.key(), 9)));
        assertTrue(e.getMessage().contains("must be 0 (let the level choose) or from 10 to 27, not 9"), e.getMessage());
        assertEquals(0, CompressionSetup.componentConf("s", Map.of(CompressionOptions.ZSTD_WINDOW_LOG.key(), 0))
                .get(CompressionOptions.ZSTD_WINDOW_LOG.key()));
    }

    @Test
    void fluentApiSetsTopologyDefaultsAndComponentConfig() {
        Config conf = new Config();
        Compression.settings().codec("zstd").zstdLevel(5).threshold(256).enableOn(conf);
        assertEquals(5, conf.get(CompressionOptions.ZSTD_LEVEL.key()));
        TopologyBuilder builder = new TopologyBuilder();
        Compression.settings().codec("snappy").applyTo("words", builder.setSpout("words", new TestWordSpout()));
        String json = builder.createTopology().get_spouts().get("words").get_common().get_json_conf();
        assertTrue(json.contains("\"fluxext.compression.codec\":\"snappy\""), json);
        assertTrue(json.contains("\"fluxext.component.id\":\"words\""), json);
        assertThrows(IllegalArgumentException.class, () -> Compression.settings().gzipLevel(0).enableOn(conf));
    }
}
