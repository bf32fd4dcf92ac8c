package dev.fluxext.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A shutdown hook tells Ctrl-C / SIGTERM from Storm exiting the JVM by the stack of the thread inside exit. */
class ExitCauseTest {

    private static StackTraceElement frame(String className, String method) {
        return new StackTraceElement(className, method, null, -1);
    }

    private static final StackTraceElement[] WAITING_FOR_HOOKS = {
        frame("java.lang.Thread", "join"), frame("java.lang.ApplicationShutdownHooks", "runHooks"),
        frame("java.lang.Shutdown", "runHooks"), frame("java.lang.Shutdown", "exit")};

    private static StackTraceElement[] with(StackTraceElement[] top, StackTraceElement... callers) {
        StackTraceElement[] all = new StackTraceElement[top.length + callers.length];
        System.arraycopy(top, 0, all, 0, top.length);
        System.arraycopy(callers, 0, all, top.length, callers.length);
        return all;
    }

    @Test
    void stormsExitProcessIsAnExitByCodeNamingWhoAndWhere() {
        Thread slot = new Thread(() -> { }, "SLOT_1024");
        ExitCause cause = ExitCause.of(Map.of(slot, with(WAITING_FOR_HOOKS, frame("java.lang.Runtime", "exit"),
            frame("org.apache.storm.utils.Utils", "exitProcess"), frame("org.apache.storm.daemon.supervisor.Slot",
                "run")), Thread.currentThread(), new StackTraceElement[] {frame("java.lang.Object", "wait")}));
        assertTrue(cause.byCode());
        assertEquals(Optional.of("org.apache.storm.utils.Utils.exitProcess on thread SLOT_1024"), cause.exitedBy());
    }

    @Test
    void aSignalIsNot() {
        Thread dispatcher = new Thread(() -> { }, "SIGINT handler");
        assertFalse(ExitCause.of(Map.of(dispatcher, with(WAITING_FOR_HOOKS, frame("java.lang.Terminator$1",
            "handle"), frame("jdk.internal.misc.Signal$1", "run"), frame("java.lang.Thread", "run")))).byCode());
        assertFalse(ExitCause.of(Map.of()).byCode(), "nobody in exit: the last thread ended");
    }

    @Test
    void theRealJvmNowIsNotExiting() {
        assertFalse(ExitCause.now().byCode());
    }
}
