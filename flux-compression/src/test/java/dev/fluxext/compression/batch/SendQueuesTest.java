package dev.fluxext.compression.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.fluxext.compression.batch.SendQueues.Peer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Reading Linux's TCP tables: rows parsed as the kernel prints them, and a real backed-up connection seen. */
class SendQueuesTest {

    private static final boolean LE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** An IPv4 address as the kernel prints it in /proc/net/tcp (a 32-bit word in the machine's byte order). */
    private static String v4(int a, int b, int c, int d) {
        return LE ? String.format("%02X%02X%02X%02X", d, c, b, a) : String.format("%02X%02X%02X%02X", a, b, c, d);
    }

    @Test
    void parsesIpv4AndIpv6RowsOfEstablishedConnections() throws Exception {
        Peer v4Peer = Peer.of(InetAddress.getByName("10.1.2.3"), 6700);
        Peer v6Peer = Peer.of(InetAddress.getByName("fd00::1:2"), 6701);
        Map<Peer, Long> queues = new HashMap<>();
        Set<Peer> wanted = Set.of(v4Peer, v6Peer);
        String v4Row = "  3: 0100007F:9C40 " + v4(10, 1, 2, 3) + ":1A2C 01 0000A000:00000000 00:00000000 00000000 0 0 1";
        assertTrue(SendQueues.accept(v4Row, wanted, queues));
        // The same peer through an IPv6 socket: ::ffff:10.1.2.3, four words.
        String mapped = "0000000000000000" + (LE ? "FFFF0000" : "0000FFFF") + v4(10, 1, 2, 3);
        SendQueues.accept("  4: 00000000000000000000000000000000:9C41 " + mapped
                + ":1A2C 01 00004000:00000000 00:00000000 00000000 0 0 2", wanted, queues);
        byte[] v6 = InetAddress.getByName("fd00::1:2").getAddress();
        StringBuilder words = new StringBuilder();
        for (int w = 0; w < 4; w++) {
            int word = ByteBuffer.wrap(v6, 4 * w, 4).getInt();
            words.append(String.format("%08X", LE ? Integer.reverseBytes(word) : word));
        }
        SendQueues.accept("  5: 00000000000000000000000000000000:9C42 " + words + ":1A2D 01 00000010:00000000",
                wanted, queues);
        // Not established (06 = TIME_WAIT), another port, malformed: ignored.
        String to = v4(10, 1, 2, 3);
        assertFalse(SendQueues.accept("  6: 0100007F:9C43 " + to + ":1A2C 06 00FFFFFF:00000000", wanted, queues));
        assertFalse(SendQueues.accept("  7: 0100007F:9C44 " + to + ":1A2E 01 00FFFFFF:00000000", wanted, queues));
        assertFalse(SendQueues.accept("  8: garbage", wanted, queues));
        assertFalse(SendQueues.accept("  9: 0100007F:9C45 " + to + ":1A2C 01", wanted, queues));
        assertFalse(SendQueues.accept(" 10: 0100007F:9C46 " + to + ":1A2C 01 0000ZZ00:00000000", wanted, queues));
        assertFalse(SendQueues.accept(" 11: 0100007F:9C47 " + to + ":1A2C 01 00FFFFFF", wanted, queues));
        assertFalse(SendQueues.accept(" 12: 0100007F:9C48 " + to + ":1A2C 011 00FFFFFF:00000000", wanted, queues));
        assertFalse(SendQueues.accept("", wanted, queues));
        assertEquals(Map.of(v4Peer, 0xA000L, v6Peer, 0x10L), queues, "the largest queue per peer");
        assertNull(SendQueues.parsePeer("0100007F"));
        assertNull(SendQueues.parsePeer("0100007G:1A2C"));
        assertNull(SendQueues.parsePeer("0100007F:"));
        assertEquals(Peer.ipv4(0x7F000001, 0x1A2C), SendQueues.parsePeer((LE ? "0100007F" : "7F000001") + ":1A2C"));
    }

    @Test
    void seesARealConnectionBackUpAndDrain() throws Exception {
        assumeTrue(SendQueues.available(SendQueues.TABLES), "Linux only");
        try (ServerSocket server = new ServerSocket()) {
            server.setReceiveBufferSize(4096); // accepted sockets inherit it: the peer's window closes soon
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Peer peer = Peer.of(InetAddress.getLoopbackAddress(), server.getLocalPort());
            try (SocketChannel client = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    server.getLocalPort())); Socket accepted = server.accept()) {
                client.configureBlocking(false);
                ByteBuffer chunk = ByteBuffer.allocate(64 * 1024);
                long written = 0;
                long deadline = System.nanoTime() + 5_000_000_000L;
                // Writes until the kernel takes no more: the reader reads nothing, so it all waits in the queue.
                while (System.nanoTime() < deadline) {
                    chunk.clear();
                    int n = client.write(chunk);
                    if (n == 0) {
                        break;
                    }
                    written += n;
                }
                long queued = SendQueues.read(SendQueues.TABLES, Set.of(peer)).getOrDefault(peer, 0L);
                assertTrue(queued >= LinkState.BACKLOG_BYTES, queued + " of " + written + " bytes queued");
                InputStream in = accepted.getInputStream();
                byte[] sink = new byte[64 * 1024];
                long read = 0;
                while (read < written) {
                    read += in.read(sink);
                }
                long after = -1;
                for (int i = 0; i < 100 && after != 0; i++) {
                    after = SendQueues.read(SendQueues.TABLES, Set.of(peer)).getOrDefault(peer, 0L);
                    Thread.sleep(10);
                }
                assertEquals(0, after, "drained once the reader read everything");
            }
        }
    }

    @Test
    void peersOfTheSameAddressCompareEqual() throws IOException {
        assertEquals(Peer.of(InetAddress.getByName("127.0.0.1"), 1),
                Peer.of(InetAddress.getByName("::ffff:127.0.0.1"), 1));
    }
}
