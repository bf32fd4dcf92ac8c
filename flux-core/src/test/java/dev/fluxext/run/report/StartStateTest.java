package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ExecutorInfo;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;

/** What the progress line says while nothing flows: each step of a start, from Storm's assignment and the counters. */
class StartStateTest {

    private static final List<ComponentStats> NOTHING = List.of(new ComponentStats("words", ComponentStats.SPOUT, 0,
        0, 0, 0, 0), new ComponentStats("count", ComponentStats.BOLT, 0, 0, 0, 0, 0));

    /** Nimbus's view with executors on {@code ports} (0: an executor not placed yet). */
    private static TopologyInfo assignedTo(int... ports) {
        List<ExecutorSummary> executors = new java.util.ArrayList<>();
        int task = 1;
        for (int port : ports) {
            ExecutorSummary executor = new ExecutorSummary(new ExecutorInfo(task, task), "c" + task, "localhost", port, 0);
            if (port == 0) {
                executor.unset_host();
            }
            executors.add(executor);
            task++;
        }
        return new TopologyInfo("id-1", "words", 0, executors, "ACTIVE", Map.of());
    }

    private static StartState state(TopologyInfo info, int workersUp, boolean hasAckers, List<ComponentStats> stats) {
        return StartState.of(info, workersUp, hasAckers, stats, 2);
    }

    @Test
    void eachStepOfTheStartIsNamed() {
        assertEquals(new StartState("waiting for Nimbus to assign 2 workers", false, false, false),
            state(null, 0, true, NOTHING));
        assertEquals(new StartState("waiting for Nimbus to assign 2 workers", false, false, false),
            state(assignedTo(0, 0), 0, true, NOTHING));
        assertEquals(new StartState("waiting for 2 workers to start (1 of 2 up)", false, false, false),
            state(assignedTo(6700, 6701, 6700), 1, true, NOTHING));
        assertEquals(new StartState("connecting 2 workers (spouts start once every connection is ready)", false, false,
                true),
            state(assignedTo(6700, 6701), 2, true, NOTHING));
        assertEquals(new StartState("activating the spouts of 1 worker", false, false, true),
            state(assignedTo(6700, 6700), 1, true, NOTHING));
    }

    @Test
    void theStartEndsAtTheFirstAckOrWithoutAckersAtTheFirstEmit() {
        List<ComponentStats> emitted = List.of(new ComponentStats("words", ComponentStats.SPOUT, 3, 3, 0, 0, 0));
        List<ComponentStats> acked = List.of(new ComponentStats("words", ComponentStats.SPOUT, 3, 3, 1, 0, 0));
        assertEquals(new StartState("first tuple emitted, waiting for its ack", true, false, true),
            state(assignedTo(6700, 6701), 2, true, emitted));
        assertEquals(new StartState("first tuple acked", true, true, true), state(assignedTo(6700, 6701), 2, true, acked));
        assertEquals(new StartState("first tuple emitted", true, true, true), state(assignedTo(6700, 6701), 2, false, emitted));
    }
}
