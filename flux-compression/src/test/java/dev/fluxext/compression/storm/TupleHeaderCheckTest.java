package dev.fluxext.compression.storm;

import static dev.fluxext.compression.storm.FrameGuardContextTest.header;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a worker accepts of a message's header: its own tasks as destination, known senders, streams, anchors. */
class TupleHeaderCheckTest {

    // Tasks 1-2 "words" (3 streams), 3-4 "sink" (2 streams), -1 Storm's system task (1 stream); this worker: 2, 4, -1.
    final TupleHeaderCheck check = new TupleHeaderCheck(Map.of(1, "words", 2, "words", 3, "sink", 4, "sink", -1,
            "__system"), c -> switch (c) {
                case "words" -> 3;
                case "sink" -> 2;
                default -> 1;
            }, List.of(2, 4, -1));

    @Test
    void aWellFormedTupleToOneOfThisWorkersTasksPasses() {
        assertNull(check.problem(4, header(1, 3, 0, 5)));
        assertNull(check.problem(4, header(3, 2, 2, 32 + 1)), "two anchors and a byte of values");
        assertNull(check.problem(2, header(-1, 1, 0, 1)), "Storm's system task, written as a 5-byte varint");
    }

    @Test
    void eachBadHeaderIsNamed() {
        assertEquals("message of 0 bytes to task 4, shorter than any tuple", check.problem(4, new byte[0]));
        assertEquals("message of 0 bytes to task 4, shorter than any tuple", check.problem(4, null));
        assertEquals("message to task 3, which is not a task of this worker", check.problem(3, header(1, 1, 0, 4)));
        assertEquals("message to task 999, which is not a task of this worker",
                check.problem(999, header(1, 1, 0, 4)));
        assertEquals("tuple from unknown task 5", check.problem(4, header(5, 1, 0, 4)));
        assertEquals("tuple from unknown task -2", check.problem(4, header(-2, 1, 0, 4)));
        assertEquals("tuple from unknown task (malformed)", check.problem(4, new byte[] {-1, -1, -1, -1, -1, 1}));
        assertEquals("tuple from task 3 (sink) on unknown stream 3", check.problem(4, header(3, 3, 0, 4)));
        assertEquals("tuple from task 3 (sink) on unknown stream 0", check.problem(4, header(3, 0, 0, 4)));
        assertEquals("tuple from task 1 declares 2 anchors, more than its 35 bytes hold",
                check.problem(4, header(1, 1, 2, 32)));
        assertNull(check.problem(4, new byte[] {1, 1, 0, 0}), "four bytes, the last the values, pass");
        assertEquals("message of 3 bytes to task 4, shorter than any tuple", check.problem(4, new byte[] {1, 1, 0}));
    }

    @Test
    void noByteForTheValuesAndAHugeAnchorCountAreRejected() {
        assertTrue(check.problem(4, header(1, 1, 0, 0)) != null);
        assertTrue(check.problem(4, header(1, 1, Integer.MAX_VALUE, 100)).contains("2147483647 anchors"));
        assertTrue(check.problem(4, header(1, 1, -1, 100)).contains("anchors"));
    }

    @Test
    void withoutTheWorkersTasksAnyDestinationIsLeftToStorm() {
        TupleHeaderCheck general = new TupleHeaderCheck(Map.of(1, "words"), c -> 1, null);
        assertNull(general.problem(77, header(1, 1, 0, 2)));
        assertEquals("tuple from unknown task 2", general.problem(77, header(2, 1, 0, 2)));
    }
}
