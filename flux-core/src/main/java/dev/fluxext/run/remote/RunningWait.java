package dev.fluxext.run.remote;

import dev.fluxext.run.process.ExitCodes;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.TopologyInfo;

/**
 * {@code submit --remote --wait-running SECONDS}: after the submission, asks Nimbus about the topology every
 * {@link #POLL} until it has its status with workers assigned and every executor heartbeating, printing a line each
 * time that state changes. Errors Nimbus holds for the topology (what its components reported: an exception out of
 * open, prepare or execute, a worker that could not start) end the wait as a failure, each printed in one line; so
 * does a topology that is not running within the time.
 */
final class RunningWait {

    static final Duration POLL = Duration.ofSeconds(1);

    /** What a look at Nimbus found. */
    record State(String status, int workers, int executors, int executorsUp) {

        boolean running(String wantedStatus) {
            return status.equals(wantedStatus) && executors > 0 && executorsUp == executors;
        }

        String text() {
            return status + ", " + workers + " worker" + (workers == 1 ? "" : "s") + " assigned, " + executorsUp
                + " of " + executors + " executors up";
        }
    }

    private RunningWait() {
    }

    /**
     * @param wantedStatus ACTIVE, or INACTIVE for a topology submitted {@code --inactive}
     * @return the exit status: {@link ExitCodes#OK} once running without errors
     */
    static int await(Nimbus.Iface nimbus, String name, String shownName, String wantedStatus, Duration timeout,
                     PrintWriter out) throws Exception {
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        String shown = "";
        State state = null;
        while (true) {
            TopologyInfo info;
            try {
                info = nimbus.getTopologyInfoByName(name);
            } catch (NotAliveException e) {
                out.printf("flux: topology '%s' is no longer on the cluster (killed?)%n", shownName);
                return ExitCodes.FAILURE;
            }
            state = stateOf(info);
            long seconds = Duration.ofNanos(System.nanoTime() - start).toSeconds();
            if (!state.text().equals(shown)) {
                out.printf("flux: [%3ds] topology '%s': %s%n", seconds, shownName, state.text());
                out.flush();
                shown = state.text();
            }
            List<String> errors = errors(info);
            if (!errors.isEmpty()) {
                out.printf("flux: topology '%s' is not running cleanly: Nimbus has %d error%s for it:%n", shownName,
                    errors.size(), errors.size() == 1 ? "" : "s");
                errors.forEach(out::println);
                out.flush();
                return ExitCodes.FAILURE;
            }
            if (state.running(wantedStatus)) {
                out.printf("flux: topology '%s' is running: %d worker%s, all %d executors up (after %d s)%n", shownName,
                    state.workers(), state.workers() == 1 ? "" : "s", state.executors(), seconds);
                out.flush();
                return ExitCodes.OK;
            }
            if (System.nanoTime() >= deadline) {
                out.printf("flux: topology '%s' was not running within %d s (--wait-running): %s; its workers' "
                    + "logs on the supervisor hosts say why%n", shownName, timeout.toSeconds(), state.text());
                out.flush();
                return ExitCodes.FAILURE;
            }
            Thread.sleep(Math.min(POLL.toMillis(), Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
        }
    }

    static State stateOf(TopologyInfo info) {
        List<ExecutorSummary> executors = info.get_executors() == null ? List.of() : info.get_executors();
        // Storm's own executors (__acker, __system, metrics) count too: a worker without them is not up either.
        long workers = executors.stream().map(e -> e.get_host() + ":" + e.get_port()).distinct().count();
        int up = (int) executors.stream().filter(e -> e.get_uptime_secs() > 0 || e.is_set_stats()).count();
        return new State(info.get_status(), (int) workers, executors.size(), up);
    }

    /** One line per error: component, where, when, and the error's first line. */
    static List<String> errors(TopologyInfo info) {
        List<String> lines = new ArrayList<>();
        if (info.get_errors() == null) {
            return lines;
        }
        new TreeMap<>(info.get_errors()).forEach((component, errors) -> {
            for (ErrorInfo error : errors == null ? List.<ErrorInfo>of() : errors) {
                String first = error.get_error() == null ? "(no message)"
                    : error.get_error().lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
                        .orElse("(no message)");
                lines.add("  " + component + " on " + error.get_host() + ":" + error.get_port() + " at "
                    + Instant.ofEpochSecond(error.get_error_time_secs()) + ": " + first);
            }
        });
        return lines;
    }
}
