package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    @Test
    void readsTheKernelsEphemeralRangeStart() throws IOException {
        assumeTrue(Files.isReadable(RANGE), "Linux only");
        String line;
        try (BufferedReader reader = Files.newBufferedReader(RANGE)) {
            line = reader.readLine();
        }
        int expected = Integer.parseInt(line.trim().split("\\s+")[0]);
        assertEquals(expected, FreePorts.ephemeralRangeStart());
    }

    @Test
    void blocksLieBelowTheEphemeralRange() {
        int below = FreePorts.ephemeralRangeStart();
        assumeTrue(below - 4 > 10_000, "an ephemeral range that leaves room below it");
        for (int i = 0; i < 20; i++) {
            int first = FreePorts.consecutive(4);
            assertTrue(first >= 10_000, "first port " + first);
            assertTrue(first + 4 <= below, "block " + first + "+4 reaches the ephemeral range at " + below);
        }
    }

    @Test
    void aBlockWithAPortInUseIsNotFree() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertFalse(FreePorts.free(port - 1, 3), "a block holding port " + port + " in use");
            assertFalse(FreePorts.free(65534, 2), "a block beyond port 65535");
        }
        int first = FreePorts.consecutive(3);
        assertTrue(FreePorts.free(first, 3), "the block just found free at " + first);
    }
}
