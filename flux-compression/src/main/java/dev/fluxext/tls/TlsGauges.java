package dev.fluxext.tls;

import dev.fluxext.compression.metrics.Gauges;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.storm.Constants;
import org.apache.storm.metrics2.StormMetricRegistry;

/**
 * The counts of {@link TlsFailures} as worker-level Storm gauges (component {@code __system}), so that a cluster's
 * metrics reporters publish them: {@value #REFUSED}REASON for incoming connections this worker's server refused,
 * {@value #FAILED}REASON for connections this worker could not open, REASON in camel case ({@code notTls},
 * {@code noCertificate}, ...) plus {@value #TOTAL} of each. Every reason is registered at start-up, 0 until it
 * happens, so that a dashboard or an alert has the series before the first failure.
 */
final class TlsGauges {

    static final String REFUSED = "fluxext.tls.refused.";
    static final String FAILED = "fluxext.tls.failed.";
    static final String TOTAL = "total";

    private TlsGauges() {
    }

    static void register(StormMetricRegistry registry) {
        gauges().forEach((name, read) -> Gauges.register(registry, name, read, Constants.SYSTEM_COMPONENT_ID,
                (int) Constants.SYSTEM_TASK_ID));
    }

    /** Each gauge's name and what it reads, refused before failed, reasons in their order, the total last. */
    static Map<String, LongSupplier> gauges() {
        Map<String, LongSupplier> gauges = new LinkedHashMap<>();
        for (boolean incoming : new boolean[] {true, false}) {
            String prefix = incoming ? REFUSED : FAILED;
            for (TlsFailures.Reason reason : TlsFailures.Reason.values()) {
                gauges.put(prefix + name(reason), () -> TlsFailures.counted(reason, incoming));
            }
            gauges.put(prefix + TOTAL, () -> TlsFailures.counted(incoming));
        }
        return gauges;
    }

    /** {@code NO_CERTIFICATE} as {@code noCertificate}, like fluxext's other gauge names. */
    static String name(TlsFailures.Reason reason) {
        StringBuilder out = new StringBuilder();
        for (String word : reason.name().toLowerCase(Locale.ROOT).split("_")) {
            out.append(out.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return out.toString();
    }
}
