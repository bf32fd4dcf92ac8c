package dev.fluxext.run.report;

import java.util.Collection;
import org.apache.storm.generated.TopologyInfo;

/**
 * What a local run waits for between its submission and its first acked tuple, read from real state: Nimbus's
 * assignment (the topology's info), the workers whose tasks have prepared and the tuples counted so far.
 *
 * @param text    e.g. "waiting for 2 workers to start (1 of 2 up)"
 * @param emitted a tuple was emitted
 * @param flowing tuples flow: the first one was acked (emitted, in a topology without ackers)
 * @param workersUp every worker Nimbus assigned has started (a run that ends before that ran nothing)
 */
public record StartState(String text, boolean emitted, boolean flowing, boolean workersUp) {

    /**
     * @param info       Storm's view of the topology, null before Nimbus knows it
     * @param workersUp  workers whose tasks have prepared ({@link RunCounters#workersUp})
     * @param hasAckers  the topology acks its tuples ({@link RunCounters#hasAckers})
     * @param workersAsked {@code topology.workers}, shown until Nimbus has assigned them
     */
    public static StartState of(TopologyInfo info, int workersUp, boolean hasAckers, Collection<ComponentStats> stats,
                         int workersAsked) {
        long emitted = stats.stream().mapToLong(ComponentStats::emitted).sum();
        long acked = stats.stream().filter(s -> ComponentStats.SPOUT.equals(s.type())).mapToLong(ComponentStats::acked).sum();
        if (acked > 0 || emitted > 0 && !hasAckers) {
            return new StartState("first tuple " + (acked > 0 ? "acked" : "emitted"), true, true, true);
        }
        if (emitted > 0) {
            return new StartState("first tuple emitted, waiting for its ack", true, false, true);
        }
        int assigned = assignedWorkers(info);
        if (assigned == 0) {
            return waiting("waiting for Nimbus to assign " + workers(workersAsked), false);
        }
        if (workersUp < assigned) {
            return waiting("waiting for " + workers(assigned) + " to start (" + workersUp + " of " + assigned + " up)",
                false);
        }
        return waiting(assigned == 1 ? "activating the spouts of 1 worker"
            : "connecting " + workers(assigned) + " (spouts start once every connection is ready)", true);
    }

    private static StartState waiting(String text, boolean workersUp) {
        return new StartState(text, false, false, workersUp);
    }

    /** The distinct worker slots Nimbus gave the topology's executors. */
    private static int assignedWorkers(TopologyInfo info) {
        if (info == null || info.get_executors() == null) {
            return 0;
        }
        return (int) info.get_executors().stream().filter(e -> e.get_host() != null)
            .map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
    }

    private static String workers(int count) {
        return count + (count == 1 ? " worker" : " workers");
    }
}
