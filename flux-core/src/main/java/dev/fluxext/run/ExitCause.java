package dev.fluxext.run;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Why the JVM is shutting down, told from inside a shutdown hook: a signal (Ctrl-C, SIGTERM: the JVM's signal
 * handler calls {@code Shutdown.exit} through {@code java.lang.Terminator}) or code that called {@code System.exit} /
 * {@code Runtime.exit}, such as Storm when a worker or one of its daemons fails ({@code Utils.exitProcess}, the
 * uncaught-exception handlers, a supervisor's slot). The thread that asked waits inside {@code Shutdown.exit} while
 * the hooks run, so its stack says which it was; no signal handler of ours is needed.
 *
 * @param exitedBy when code called exit: the thread and the first frame outside the JDK that called it
 */
record ExitCause(Optional<String> exitedBy) {

    private static final String SHUTDOWN_EXIT = "java.lang.Shutdown";
    private static final String SIGNAL_HANDLER = "java.lang.Terminator";

    /** A shutdown that code asked for (Storm exiting the JVM), not a signal. */
    boolean byCode() {
        return exitedBy.isPresent();
    }

    /** The cause, from the stacks of the JVM's threads (what {@link Thread#getAllStackTraces} gives). */
    static ExitCause of(Map<Thread, StackTraceElement[]> stacks) {
        for (Map.Entry<Thread, StackTraceElement[]> thread : stacks.entrySet()) {
            List<StackTraceElement> frames = Arrays.asList(thread.getValue());
            int exit = lastIndexOf(frames, SHUTDOWN_EXIT, "exit");
            if (exit < 0) {
                continue;
            }
            if (frames.stream().anyMatch(f -> f.getClassName().startsWith(SIGNAL_HANDLER))) {
                return new ExitCause(Optional.empty());
            }
            String caller = frames.subList(exit + 1, frames.size()).stream()
                .filter(f -> !f.getClassName().startsWith("java.")).findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName()).orElse("the JDK");
            return new ExitCause(Optional.of(caller + " on thread " + thread.getKey().getName()));
        }
        // Nobody is inside Shutdown.exit: the last non-daemon thread ended, or a signal the stacks no longer show.
        return new ExitCause(Optional.empty());
    }

    static ExitCause now() {
        return of(Thread.getAllStackTraces());
    }

    private static int lastIndexOf(List<StackTraceElement> frames, String className, String method) {
        for (int i = frames.size() - 1; i >= 0; i--) {
            if (frames.get(i).getClassName().equals(className) && frames.get(i).getMethodName().equals(method)) {
                return i;
            }
        }
        return -1;
    }
}
