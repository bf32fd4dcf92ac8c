package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.config.ConfigOption;
import dev.fluxext.compression.config.SettingConflict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The rule across the batch transport's settings, as data that names the options it concerns. */
class BatchSettingsTest {

    private static final String BATCH = BatchCompressionOptions.MAX_BATCH_BYTES.key();
    private static final String CAP = BatchCompressionOptions.MAX_DECOMPRESSED_BYTES.key();

    @Test
    void aBatchLargerThanTheCapIsAConflictNamingBothOptionsInTheRulesOrder() {
        List<SettingConflict> conflicts = BatchSettings.conflicts(Map.of(CAP, 4096, BATCH, 8192));
        assertEquals(1, conflicts.size());
        SettingConflict conflict = conflicts.get(0);
        assertEquals(List.of(BatchCompressionOptions.MAX_BATCH_BYTES, BatchCompressionOptions.MAX_DECOMPRESSED_BYTES),
                conflict.options());
        assertEquals(8192, conflict.value());
        assertEquals(4096, conflict.otherValue());
        assertEquals("'maxBatchBytes' (8192) exceeds 'maxDecompressedBytes' (4096): receivers would reject full "
                + "bundles", conflict.message(ConfigOption::yamlPath));
    }

    @Test
    void aDefaultTakesPartInTheRule() {
        SettingConflict conflict = BatchSettings.conflicts(Map.of(CAP, 100_000)).get(0);
        assertEquals(BatchCompressionOptions.MAX_BATCH_BYTES.defaultValue(), conflict.value());
        assertEquals(100_000, conflict.otherValue());
    }

    @Test
    void aBatchUpToTheCapIsNoConflict() {
        assertEquals(List.of(), BatchSettings.conflicts(Map.of(CAP, 8192, BATCH, 8192)));
        assertEquals(List.of(), BatchSettings.conflicts(Map.of()));
    }

    @Test
    void workersGetTheConflictNamedByConfigKeys() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchSettings.fromConf(Map.of(CAP, 4096, BATCH, 8192)));
        assertEquals("Invalid transport compression settings: '" + BATCH + "' (8192) exceeds '" + CAP + "' (4096): "
                + "receivers would reject full bundles", e.getMessage());
    }

    @Test
    void aMinimumAboveTheLargestBundleIsAConflict() {
        String min = BatchCompressionOptions.MIN_BATCH_BYTES.key();
        List<SettingConflict> conflicts = BatchSettings.conflicts(Map.of(min, 4096, BATCH, 2048));
        assertEquals(List.of("'minBatchBytes' (4096) exceeds 'maxBatchBytes' (2048): no bundle would be compressed"),
                conflicts.stream().map(c -> c.message(ConfigOption::yamlPath)).toList());
        assertEquals(List.of(), BatchSettings.conflicts(Map.of(min, 2048, BATCH, 2048)));
        // Both rules broken: both reported.
        assertEquals(2, BatchSettings.conflicts(Map.of(min, 65536, CAP, 4096, BATCH, 8192)).size());
    }

    @Test
    void theSkipRulesDefaults() {
        BatchSettings defaults = BatchSettings.fromConf(Map.of());
        assertEquals(128, defaults.minBatchBytes());
        assertEquals(10, defaults.minSavingPercent());
        assertEquals(0, BatchSettings.fromConf(Map.of(BatchCompressionOptions.MIN_SAVING_PERCENT.key(), 0))
                .minSavingPercent());
    }

    @Test
    void theSkipRuleIsDescribedWithTheGatesOwnNumbers() {
        assertTrue(BatchCompressionOptions.MIN_SAVING_PERCENT.description().contains(
                "last " + CompressionGate.WINDOW + " compressed bundles"));
        assertTrue(BatchCompressionOptions.MIN_SAVING_PERCENT.description().contains(
                "next " + CompressionGate.SKIP + " bundles"));
    }

    @Test
    void connectionsCompressOnlyWhileBackloggedUnlessAlways() {
        assertTrue(BatchSettings.fromConf(Map.of()).onlyWhenBacklogged());
        assertFalse(BatchSettings.fromConf(Map.of(BatchCompressionOptions.WHEN.key(), "always")).onlyWhenBacklogged());
        assertThrows(IllegalArgumentException.class,
                () -> BatchSettings.fromConf(Map.of(BatchCompressionOptions.WHEN.key(), "sometimes")));
    }

    @Test
    void theLinkRuleIsDescribedWithItsOwnNumbers() {
        String description = BatchCompressionOptions.WHEN.description();
        assertTrue(description.contains(LinkState.BACKLOG_BYTES / 1024 + " KB or more in " + LinkState.WINDOW
                + " samples"), description);
        assertTrue(description.contains("at most " + 1000 / LinkWatch.PERIOD_MILLIS + " times a second"), description);
        assertTrue(description.contains("at least " + LinkState.MIN_HOLD_NANOS / 1_000_000_000 + " s"), description);
    }

    @Test
    void theTransportCompressesAtZstdLevel1UnlessSetWhilePerTupleKeepsLevel3() {
        assertEquals(1, BatchSettings.fromConf(Map.of()).codecSettings().zstdLevel());
        assertEquals(5, BatchSettings.fromConf(Map.of(BatchCompressionOptions.ZSTD_LEVEL.key(), 5)).codecSettings()
                .zstdLevel());
        assertEquals(3, CompressionSettings.fromConf(Map.of()).zstdLevel());
    }

    @Test
    void aValueBadOnItsOwnIsNoConflictButAnError() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchSettings.conflicts(Map.of(BATCH, 10)));
        assertEquals("Invalid transport compression settings: " + BATCH + ": 'maxBatchBytes' must be from 1024 to "
                + "67108864 bytes, not 10", e.getMessage());
    }
}
