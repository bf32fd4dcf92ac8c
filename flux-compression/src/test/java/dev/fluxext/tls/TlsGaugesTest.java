package dev.fluxext.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.Constants;
import org.apache.storm.metrics2.StormMetricRegistry;
import org.junit.jupiter.api.Test;

/** The failed-connection counts as a worker's gauges, and their names as docs/tls.md gives them. */
class TlsGaugesTest {

    private static Map<String, Long> values(StormMetricRegistry registry) {
        Map<String, Long> values = new TreeMap<>();
        registry.getTaskGauges((int) Constants.SYSTEM_TASK_ID).forEach((name, gauge) -> {
            if (name.startsWith("fluxext.tls.")) {
                values.put(name, ((Number) gauge.getValue()).longValue());
            }
        });
        return values;
    }

    @Test
    void everyReasonIsAGaugeAtZeroUntilItHappensInItsDirection() {
        TlsFailures.reset();
        StormMetricRegistry registry = new StormMetricRegistry();
        TlsGauges.register(registry);
        Map<String, Long> values = values(registry);
        assertEquals(2 * (TlsFailures.Reason.values().length + 1), values.size(), values.toString());
        assertTrue(values.values().stream().allMatch(v -> v == 0), values.toString());
        assertTrue(values.containsKey("fluxext.tls.refused.notTls") && values.containsKey("fluxext.tls.failed.hostNameCheck")
                && values.containsKey("fluxext.tls.refused.total"), values.toString());

        TlsFailures.count(TlsFailures.Reason.NOT_TLS, true);
        TlsFailures.count(TlsFailures.Reason.NOT_TLS, true);
        TlsFailures.count(TlsFailures.Reason.NO_CERTIFICATE, true);
        TlsFailures.count(TlsFailures.Reason.HOST_NAME_CHECK, false);
        values = values(registry);
        assertEquals(2L, values.get("fluxext.tls.refused.notTls"));
        assertEquals(1L, values.get("fluxext.tls.refused.noCertificate"));
        assertEquals(3L, values.get("fluxext.tls.refused.total"));
        assertEquals(1L, values.get("fluxext.tls.failed.hostNameCheck"));
        assertEquals(1L, values.get("fluxext.tls.failed.total"));
        assertEquals(0L, values.get("fluxext.tls.failed.notTls"));
        assertEquals(8, values.values().stream().mapToLong(Long::longValue).sum(), values.toString());
        TlsFailures.reset();
    }

    @Test
    void aTransportPreparedAgainInTheSameWorkerDoesNotFail() {
        StormMetricRegistry registry = new StormMetricRegistry();
        TlsGauges.register(registry);
        TlsGauges.register(registry); // the registry refuses a name twice; the first gauges stay
        assertEquals(TlsGauges.gauges().keySet(), values(registry).keySet());
    }

    @Test
    void docsTlsNamesEveryGauge() throws Exception {
        // From flux-compression or from a storm-lines module that runs this module's tests.
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.exists(dir.resolve("docs/tls.md"))) {
            dir = dir.getParent();
            assertTrue(dir != null, "docs/tls.md above " + Path.of("").toAbsolutePath());
        }
        String doc = Files.readString(dir.resolve("docs/tls.md"));
        for (String prefix : new String[] {TlsGauges.REFUSED, TlsGauges.FAILED}) {
            assertTrue(doc.contains("`" + prefix + "REASON`") && doc.contains("`" + prefix + TlsGauges.TOTAL + "`"),
                    prefix);
        }
        for (TlsFailures.Reason reason : TlsFailures.Reason.values()) {
            assertTrue(doc.contains("| `" + TlsGauges.name(reason) + "` | " + reason.text()), TlsGauges.name(reason)
                    + " in docs/tls.md's table of reasons, with its meaning: " + reason.text());
        }
    }
}
