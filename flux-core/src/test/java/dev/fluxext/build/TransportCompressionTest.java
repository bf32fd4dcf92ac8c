package dev.fluxext.build;

import static dev.fluxext.build.CompressionWiringTest.componentConf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.storm.CompressingListDelegateSerializer;
import dev.fluxext.compression.storm.FrameGuardContext;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.LoadResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code transport: {compression: ...}} block: wiring, how it combines with tuple compression, and errors. */
class TransportCompressionTest {

    private static final String DIR = "src/test/resources/build/";

    private static List<String> messages(String file) {
        LoadResult result = FluxEquivalenceTest.load(file);
        return result.diagnostics().stream().map(Diagnostic::format).map(m -> m.substring(DIR.length())).toList();
    }

    @Test
    void batchCompressionWrapsNettyAndTupleCompressionOnlyWhereAComponentOptsIn() throws Exception {
        var loaded = FluxEquivalenceTest.loaded("transport-batch.yaml");
        Map<String, Object> conf = loaded.config();
        // Storm -> tuple frame guard -> batch compression -> Netty.
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals(BatchCompressionContext.class.getName(), conf.get(FrameGuardContext.DELEGATE_KEY));
        assertEquals("org.apache.storm.messaging.netty.Context", conf.get("fluxext.transport.compression.delegate"));
        assertEquals("zstd", conf.get("fluxext.transport.compression.codec"));
        assertEquals(5, conf.get("fluxext.transport.compression.zstd.level"));
        assertEquals(2_000_000, conf.get("fluxext.transport.compression.max.decompressed.bytes"));
        assertEquals(1048576, conf.get("storm.messaging.netty.buffer_size"));
        // The topology-level codec is not applied under batch compression (no double compression); other settings are.
        assertNull(conf.get("fluxext.compression.codec"));
        assertNull(componentConf(loaded.topology(), "words").get("fluxext.compression.codec"));
        assertEquals(2048, componentConf(loaded.topology(), "words").get("fluxext.compression.threshold"));
        assertEquals("lz4", componentConf(loaded.topology(), "count").get("fluxext.compression.codec"));
        assertTrue(messages("transport-batch.yaml").contains("transport-batch.yaml:12:10: warning: the transport "
                + "already compresses bundles of tuples, so this codec is not applied to every component (no double "
                + "compression); set it in the compression: block of the components that should also compress tuple "
                + "by tuple"), () -> messages("transport-batch.yaml").toString());
    }

    @Test
    void plainNettyIsGuardedWithTheValuesSerializerWithoutACodec() throws Exception {
        var loaded = FluxEquivalenceTest.loaded("transport-plain-netty.yaml");
        Map<String, Object> conf = loaded.config();
        // Storm -> receive guard -> Netty; the serializer bounds the values, raw (no codec anywhere).
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals("org.apache.storm.messaging.netty.Context", conf.get(FrameGuardContext.DELEGATE_KEY));
        assertEquals(CompressingListDelegateSerializer.class.getName(), conf.get("topology.tuple.serializer"));
        assertNull(conf.get("fluxext.compression.codec"));
        assertNull(componentConf(loaded.topology(), "words").get("fluxext.compression.codec"));
        assertEquals("words", componentConf(loaded.topology(), "words").get("fluxext.component.id"));
    }

    @Test
    void guardFalseLeavesPlainNettyStormsOwnPath() {
        Map<String, Object> conf = FluxEquivalenceTest.loaded("transport-unguarded.yaml").config();
        assertEquals("org.apache.storm.messaging.netty.Context", conf.get("storm.messaging.transport"));
        assertFalse(conf.keySet().stream().anyMatch(k -> k.startsWith("fluxext.")), conf::toString);
        assertFalse(conf.containsKey("topology.tuple.serializer"), conf::toString);
    }

    @Test
    void guardFalseWithTupleCompressionIsGuardedAnywayAndSaysSo() {
        Map<String, Object> conf = FluxEquivalenceTest.loaded("transport-unguarded-compressed.yaml").config();
        assertEquals(FrameGuardContext.class.getName(), conf.get("storm.messaging.transport"));
        assertEquals(List.of("transport-unguarded-compressed.yaml:6:10: warning: guard: false has no effect: this "
                + "topology compresses tuples (a compression: block), and the serializer that does so is the receive "
                + "guard"), messages("transport-unguarded-compressed.yaml"));
    }

    @Test
    void withoutATransportBlockTheTopologyIsStormsOwn() {
        Map<String, Object> conf = FluxEquivalenceTest.loaded("diamond.yaml").config();
        assertFalse(conf.containsKey("storm.messaging.transport"), conf::toString);
        assertFalse(conf.containsKey("topology.tuple.serializer"), conf::toString);
    }

    @Test
    void badSettingsArePositionedErrors() {
        List<String> messages = messages("transport-batch-errors.yaml");
        assertTrue(messages.containsAll(List.of(
                "transport-batch-errors.yaml:5:12: 'codec' must be one of zstd, lz4, snappy, gzip, none, not 'brotli'",
                "transport-batch-errors.yaml:7:14: 'zstd.level' must be from -131072 to 22, not 99",
                "transport-batch-errors.yaml:8:18: 'zstd.windowLog' must be 0 (let the level choose) or from 10 to 27, "
                        + "not 5",
                "transport-batch-errors.yaml:10:23: 'minSavingPercent' must be from 0 to 99 percent, not 100")),
                messages::toString);
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("transport-batch-errors.yaml:9:5: unknown key "
                + "'maxBatchBytz' in the compression of the transport; did you mean 'maxBatchBytes'?")), messages::toString);
    }

    @Test
    void aRuleAcrossSettingsIsReportedAtTheOneFirstInTheFileWithTheOtherAsRelated() {
        assertEquals(List.of("transport-batch-cap.yaml:5:20: 'maxBatchBytes' (2000000) exceeds 'maxDecompressedBytes' "
                + "(1000000): receivers would reject full bundles [also involved here: 6:27]"),
                withRelated("transport-batch-cap.yaml"));
        // The cap written first (and in a flow map): the error is at the cap, maxBatchBytes the related location.
        assertEquals(List.of("transport-batch-cap-first.yaml:4:51: 'maxBatchBytes' (8192) exceeds "
                + "'maxDecompressedBytes' (4096): receivers would reject full bundles [also involved here: 5:32]"),
                withRelated("transport-batch-cap-first.yaml"));
        // maxBatchBytes left at its default (262144): only the cap is in the file, so nothing related.
        assertEquals(List.of("transport-batch-cap-only.yaml:6:27: 'maxBatchBytes' (262144) exceeds "
                + "'maxDecompressedBytes' (100000): receivers would reject full bundles"),
                withRelated("transport-batch-cap-only.yaml"));
    }

    @Test
    void theSkipRulesAreSettingsOfTheBlockAndTheirRuleIsChecked() {
        Map<String, Object> conf = FluxEquivalenceTest.loaded("transport-batch-skip.yaml").config();
        assertEquals(512, conf.get("fluxext.transport.compression.min.batch.bytes"));
        assertEquals(5, conf.get("fluxext.transport.compression.min.saving.percent"));
        assertEquals(List.of(), messages("transport-batch-skip.yaml"));
        assertEquals(List.of("transport-batch-skip-conflict.yaml:5:20: 'minBatchBytes' (8192) exceeds 'maxBatchBytes' "
                + "(4096): no bundle would be compressed [also involved here: 6:20]"),
                withRelated("transport-batch-skip-conflict.yaml"));
    }

    /** Each diagnostic as one line, its related locations (line:col, in the same file) appended. */
    private static List<String> withRelated(String file) {
        return FluxEquivalenceTest.load(file).diagnostics().stream().map(d -> d.format().substring(DIR.length())
                + d.related().stream().map(r -> " [" + r.message() + ": " + r.position().line() + ":"
                        + r.position().column() + "]").collect(java.util.stream.Collectors.joining())).toList();
    }
}
