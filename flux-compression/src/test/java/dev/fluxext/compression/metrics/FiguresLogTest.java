package dev.fluxext.compression.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The worker-log line that shows compression figures on a cluster without any metrics setup. */
class FiguresLogTest {

    @Test
    void lineShowsTupleFiguresPerComponentAndBatchFiguresPerConnection() {
        Map<String, CompressionSnapshot> tuples = new LinkedHashMap<>();
        tuples.put("paragraphs", new CompressionSnapshot("zstd", 90, 10, 150_000, 82_500, 1, 5));
        tuples.put("split", new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0)); // nothing sent: left out
        Map<String, BatchSnapshot> batches = Map.of("-> host:6701", new BatchSnapshot(4, 400, 90_000, 22_500, 0, 7, 1));
        assertEquals("tuples of paragraphs (zstd): 150000 -> 82500 bytes (0.55), 90 compressed, 10 raw, 1 rejected; "
                + "batches -> host:6701: 90000 -> 22500 bytes (0.25), 4 batches, 400 messages, 0 rejected, 1 skipped",
                FiguresLog.line(tuples, batches));
    }

    @Test
    void rejectionsAloneAreShownAndNothingCountedIsAnEmptyLine() {
        assertEquals("batches -> :6700: 0 -> 0 bytes (1.00), 0 batches, 0 messages, 3 rejected, 0 skipped",
                FiguresLog.line(Map.of(), Map.of("-> :6700", new BatchSnapshot(0, 0, 0, 0, 3, 0, 0))));
        assertEquals("", FiguresLog.line(Map.of("split", new CompressionSnapshot("none", 0, 0, 0, 0, 0, 0)), Map.of()));
    }

    @Test
    void aComponentKnownOnlyFromRejectedFramesIsShownWithoutACodec() {
        // A receiver charges a rejected frame to its sender, whose serializer (and codec) lives in another worker.
        assertEquals("tuples of __acker: 0 -> 0 bytes (1.00), 0 compressed, 0 raw, 2 rejected",
                FiguresLog.line(Map.of("__acker", new CompressionSnapshot("", 0, 0, 0, 0, 2, 0)), Map.of()));
    }
}
