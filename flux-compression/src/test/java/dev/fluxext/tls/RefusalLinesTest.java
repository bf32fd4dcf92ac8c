package dev.fluxext.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class RefusalLinesTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void thePeerIsTakenFromStormsServerAndDecoderMessages() {
        assertEquals("127.0.100.9", RefusalLines.peer("server errors in handling the request from /127.0.100.9:41234"));
        assertEquals("10.1.2.3", RefusalLines.peer("Exception thrown while decoding messages in channel "
                + "[id: 0x5f2c, L:/10.1.2.4:6700 - R:/10.1.2.3:55012]; exception: "));
        assertEquals("0:0:0:0:0:0:0:1", RefusalLines.peer("the request from /0:0:0:0:0:0:0:1:41234"));
        assertEquals("an unknown address", RefusalLines.peer("something else"));
    }

    @Test
    void oneLineAMinutePerPeerWithTheCountSinceTheLastOne() {
        RefusalLines lines = new RefusalLines();
        SSLHandshakeException untrusted = new SSLHandshakeException("PKIX path building failed");
        String first = lines.refused("127.0.100.9", TlsFailures.Reason.UNTRUSTED, untrusted, 0);
        assertTrue(first.startsWith("worker TLS: refused a connection from 127.0.100.9: certificate not trusted "
                + "(another CA) (SSLHandshakeException: PKIX path building failed)"), first);
        for (int i = 1; i < 100; i++) {
            assertNull(lines.refused("127.0.100.9", TlsFailures.Reason.UNTRUSTED, untrusted, i * SECOND / 10));
        }
        assertTrue(lines.refused("127.0.100.8", TlsFailures.Reason.NOT_TLS, null, 20 * SECOND) != null,
                "another peer has lines of its own");
        String later = lines.refused("127.0.100.9", TlsFailures.Reason.UNTRUSTED, untrusted, 60 * SECOND);
        assertTrue(later.contains("; 100 refused from it since its last line, 101 in all"), later);
    }

    @Test
    void beyondTheLimitNewPeersShareOneEntry() {
        RefusalLines lines = new RefusalLines();
        for (int i = 0; i < RefusalLines.MAX_PEERS; i++) {
            lines.refused("peer" + i, TlsFailures.Reason.NOT_TLS, null, 0);
        }
        assertTrue(lines.refused("one more", TlsFailures.Reason.NOT_TLS, null, 0).contains("from other addresses"));
        assertNull(lines.refused("and another", TlsFailures.Reason.NOT_TLS, null, SECOND));
    }
}
