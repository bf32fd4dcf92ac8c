package dev.fluxext.run.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.apache.storm.Config;
import org.junit.jupiter.api.Test;

/** A topology with TLS between workers is refused by name of the cluster's Storm when that Storm has none. */
class RemoteSubmitterTlsTest {

    private static final Map<String, Object> TLS = Map.of(Config.STORM_MESSAGING_NETTY_TLS_ENABLE, true);

    @Test
    void tlsOnAStormBefore264IsRefused() {
        String reason = RemoteSubmitter.tlsLineProblem(TLS, "Nimbus at n1:6627", "2.6.3").orElseThrow();
        assertTrue(reason.startsWith("Nimbus at n1:6627 runs Storm 2.6.3, which has no TLS between workers"), reason);
        assertTrue(reason.endsWith("upgrade the cluster to Storm 2.6.4 or newer, or remove transport.tls"), reason);
    }

    @Test
    void tlsOn264AndLaterAndNoTlsAnywhereAreAccepted() {
        assertEquals(Optional.empty(), RemoteSubmitter.tlsLineProblem(TLS, "Nimbus", "2.6.4"));
        assertEquals(Optional.empty(), RemoteSubmitter.tlsLineProblem(TLS, "Nimbus", "2.7.0"));
        assertEquals(Optional.empty(), RemoteSubmitter.tlsLineProblem(Map.of(), "Nimbus", "2.6.3"));
    }
}
