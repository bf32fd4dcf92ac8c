package dev.fluxext.benchmarks.batch;

import dev.fluxext.compression.batch.BatchFormat;
import dev.fluxext.compression.batch.IdSplitter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.storm.messaging.TaskMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The benchmark compares what it says: frames of both kinds that carry its bundles, ids that are Storm's. */
class IdsApartBenchmarkTest {

    @ParameterizedTest
    @EnumSource(IdsApartBenchmark.Traffic.class)
    void bothFramesCarryTheBundleAndApartIsSmaller(IdsApartBenchmark.Traffic traffic) {
        IdsApartBenchmark.Bundles s = IdsApartBenchmark.Bundles.of(traffic, 100);
        long whole = 0;
        long apart = 0;
        for (int b = 0; b < IdsApartBenchmark.BUNDLES; b++) {
            List<TaskMessage> sent = s.messages.get(b);
            assertSame(sent, read(s, s.wholeFrames.get(b)));
            assertSame(sent, read(s, s.apartFrames.get(b)));
            assertEquals(BatchFormat.IDS_APART, s.apartFrames.get(b)[0] & BatchFormat.IDS_APART);
            whole += s.wholeFrames.get(b).length;
            apart += s.apartFrames.get(b).length;
        }
        assertTrue(apart < whole, traffic + ": apart " + apart + " B, whole " + whole + " B");
    }

    @ParameterizedTest
    @EnumSource(IdsApartBenchmark.Traffic.class)
    void idsAreRandomAndTheirRootsComeAgain(IdsApartBenchmark.Traffic traffic) {
        IdsApartBenchmark.Bundles s = IdsApartBenchmark.Bundles.of(traffic, 100);
        byte[] body = s.wholeBodies.get(3);
        s.splitter.split(body, 0, body.length);
        // Each message brings one id new to the bundle (a tuple's edge id, an acker tuple's xor; 1 in 128 of them
        // stays in place, not looking random); the roots come again (in the acker tuples, in a paragraph's words),
        // so fewer than two per message are new.
        int newIds = s.splitter.idsLength() / 8;
        assertTrue(newIds >= s.size * 9 / 10 && newIds < 2 * s.size, traffic + ": " + newIds + " new ids in a bundle of 100");
        for (int i = 0; i < s.splitter.idsLength(); i += 8) {
            assertTrue(IdSplitter.looksRandom((long) IdSplitter.IDS.get(s.splitter.ids(), i)));
        }
    }

    private static List<TaskMessage> read(IdsApartBenchmark.Bundles s, byte[] frame) {
        List<TaskMessage> out = new ArrayList<>();
        s.reader.read(frame, out);
        return out;
    }

    private static void assertSame(List<TaskMessage> sent, List<TaskMessage> received) {
        assertEquals(sent.size(), received.size());
        for (int i = 0; i < sent.size(); i++) {
            assertEquals(sent.get(i).task(), received.get(i).task());
            assertArrayEquals(sent.get(i).message(), received.get(i).message());
        }
    }
}
