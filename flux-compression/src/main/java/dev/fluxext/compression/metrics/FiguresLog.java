package dev.fluxext.compression.metrics;

import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.ToLongFunction;
import org.apache.storm.Constants;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the compression figures visible on a cluster without configuring anything: a periodic INFO line in the
 * worker log (per-tuple figures per component, batch figures per connection), and worker-level Storm gauges
 * {@code fluxext.transport.compression.*} for the batch totals, which any configured metrics reporter publishes.
 */
public final class FiguresLog {

    private static final Logger LOG = LoggerFactory.getLogger(FiguresLog.class);
    private static final AtomicBoolean STARTED = new AtomicBoolean();

    private FiguresLog() {
    }

    /** Starts the JVM's log line (once; later calls do nothing); {@code intervalSecs} 0 means no line. */
    public static void start(int intervalSecs) {
        if (intervalSecs <= 0 || !STARTED.compareAndSet(false, true)) {
            return;
        }
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fluxext-compression-figures");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> {
            String line = line(CompressionMetrics.snapshot(), BatchMetrics.snapshot());
            if (!line.isEmpty()) {
                LOG.info("compression figures: {}", line);
            }
        }, intervalSecs, intervalSecs, TimeUnit.SECONDS);
    }

    /** One line of figures, empty when nothing was counted yet. */
    public static String line(Map<String, CompressionSnapshot> tuples, Map<String, BatchSnapshot> batches) {
        StringJoiner out = new StringJoiner("; ");
        tuples.forEach((component, s) -> {
            if (s.bytesIn() > 0 || s.rejected() > 0) {
                // A component known only from frames rejected on receipt has no codec here.
                out.add(String.format("tuples of %s%s: %d -> %d bytes (%.2f), %d compressed, %d raw, %d rejected",
                        component, s.codec().isEmpty() ? "" : " (" + s.codec() + ")", s.bytesIn(), s.bytesOut(),
                        s.bytesIn() == 0 ? 1.0 : (double) s.bytesOut() / s.bytesIn(),
                        s.tuplesCompressed(), s.tuplesRaw(), s.rejected()));
            }
        });
        batches.forEach((connection, s) -> {
            if (s.batches() > 0 || s.rejected() > 0) {
                // Skipped last, so that what reads the older line (e.g. FiguresLines in examples) still matches.
                out.add(String.format("batches %s: %d -> %d bytes (%.2f), %d batches, %d messages, %d rejected, "
                        + "%d skipped", connection, s.bytesBefore(), s.bytesAfter(), s.ratio(), s.batches(),
                        s.messages(), s.rejected(), s.skipped()));
            }
        });
        return out.toString();
    }

    /** Registers the batch totals of this JVM as worker-level gauges (system component) in {@code registry}. */
    public static void registerGauges(StormMetricRegistry registry) {
        gauge(registry, "batches", BatchSnapshot::batches);
        gauge(registry, "messages", BatchSnapshot::messages);
        gauge(registry, "bytesBefore", BatchSnapshot::bytesBefore);
        gauge(registry, "bytesAfter", BatchSnapshot::bytesAfter);
        gauge(registry, "rejected", BatchSnapshot::rejected);
        gauge(registry, "nanos", BatchSnapshot::nanos);
        gauge(registry, "skipped", BatchSnapshot::skipped);
    }

    private static void gauge(StormMetricRegistry registry, String name, ToLongFunction<BatchSnapshot> read) {
        Gauges.register(registry, "fluxext.transport.compression." + name,
                () -> BatchMetrics.snapshot().values().stream().mapToLong(read).sum(),
                Constants.SYSTEM_COMPONENT_ID, (int) Constants.SYSTEM_TASK_ID);
    }
}
