package dev.fluxext.compression.batch;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many bytes each TCP connection has sent that its peer has not acknowledged yet, from Linux's
 * {@code /proc/net/tcp} and {@code tcp6} ({@code tx_queue}). A link that binds keeps that queue full; one that keeps
 * up lets it drain between writes. The tables cover the worker's network namespace, so connections are told apart by
 * their peer's address and port only (all of this host's connections to one worker share the link anyway).
 */
final class SendQueues {

    static final List<Path> TABLES = List.of(Path.of("/proc/self/net/tcp"), Path.of("/proc/self/net/tcp6"));

    /** A peer in the tables' terms: its IPv6 address (IPv4 as mapped ::ffff:a.b.c.d) as two longs, and its port. */
    record Peer(long high, long low, int port) {

        static Peer of(InetAddress address, int port) {
            byte[] b = address.getAddress();
            if (b.length == 4) {
                return ipv4(toInt(b, 0), port);
            }
            return ipv6(toInt(b, 0), toInt(b, 4), toInt(b, 8), toInt(b, 12), port);
        }

        /** An IPv4 address (its 32 bits, first octet highest), as the IPv4-mapped IPv6 address. */
        static Peer ipv4(int address, int port) {
            return ipv6(0, 0, 0xFFFF, address, port);
        }

        /** An IPv6 address from its four 32-bit words, first word first. */
        static Peer ipv6(int w0, int w1, int w2, int w3, int port) {
            return new Peer((long) w0 << 32 | Integer.toUnsignedLong(w1), (long) w2 << 32 | Integer.toUnsignedLong(w3),
                    port);
        }

        private static int toInt(byte[] b, int at) {
            return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
        }
    }

    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private SendQueues() {
    }

    /** Whether this system has the tables (Linux). */
    static boolean available(List<Path> tables) {
        return tables.stream().anyMatch(Files::isReadable);
    }

    /**
     * The largest unacknowledged byte count of the established connections to each of {@code peers} (peers with
     * none are left out).
     */
    static Map<Peer, Long> read(List<Path> tables, Set<Peer> peers) throws IOException {
        Map<Peer, Long> queues = new HashMap<>();
        for (Path table : tables) {
            if (!Files.isReadable(table)) {
                continue;
            }
            try (BufferedReader reader = Files.newBufferedReader(table)) {
                reader.readLine(); // column titles
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    accept(line, peers, queues);
                }
            }
        }
        return queues;
    }

    /**
     * One table row: {@code sl local_address rem_address st tx_queue:rx_queue ...}, addresses as hex words in the
     * machine's byte order, e.g. {@code 0: 0100007F:9C40 0100007F:1F90 01 00000A00:00000000 ...}.
     */
    static void accept(String line, Set<Peer> peers, Map<Peer, Long> queues) {
        String[] f = line.trim().split("\\s+", 6);
        if (f.length < 5 || !f[3].equals("01")) { // 01: established
            return;
        }
        Peer peer = parsePeer(f[2]);
        if (peer == null || !peers.contains(peer)) {
            return;
        }
        int colon = f[4].indexOf(':');
        if (colon < 0) {
            return;
        }
        long queued = Long.parseLong(f[4].substring(0, colon), 16);
        queues.merge(peer, queued, Math::max);
    }

    /** {@code hex:port} as the kernel prints it; null if malformed. */
    static Peer parsePeer(String field) {
        int colon = field.indexOf(':');
        if (colon != 8 && colon != 32) {
            return null;
        }
        try {
            int port = Integer.parseInt(field.substring(colon + 1), 16);
            if (colon == 8) {
                return Peer.ipv4(word(field, 0), port);
            }
            return Peer.ipv6(word(field, 0), word(field, 8), word(field, 16), word(field, 24), port);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Eight hex digits at {@code at}: a 32-bit word the kernel printed in the machine's byte order. */
    private static int word(String s, int at) {
        int printed = Integer.parseUnsignedInt(s.substring(at, at + 8), 16);
        return LITTLE_ENDIAN ? Integer.reverseBytes(printed) : printed;
    }
}
