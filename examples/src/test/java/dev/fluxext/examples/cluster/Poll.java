package dev.fluxext.examples.cluster;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

/** Waits for real state to become what a test needs, polling; bounded, and says what it last saw when it gives up. */
public final class Poll {

    private Poll() {
    }

    /** A check: the value when it holds, empty otherwise. */
    public interface Probe<T> {
        Optional<T> probe() throws Exception;
    }

    public static <T> T until(String what, Duration limit, Probe<T> probe, Supplier<String> lastSeen) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        Exception lastError = null;
        while (true) {
            try {
                Optional<T> value = probe.probe();
                if (value.isPresent()) {
                    return value.get();
                }
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                lastError = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + limit.toSeconds() + " s for " + what + "; last seen: "
                        + lastSeen.get() + (lastError == null ? "" : "; last error: " + lastError));
            }
            Thread.sleep(500);
        }
    }
}
