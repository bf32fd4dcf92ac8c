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
// Public for the benchmarks module (dev.fluxext.benchmarks) only: transport internals, not API.
public final class SendQueues {

    public static final List<Path> TABLES = List.of(Path.of("/proc/self/net/tcp"), Path.of("/proc/self/net/tcp6"));

    /** A peer in the tables' terms: its IPv6 address (IPv4 as mapped ::ffff:a.b.c.d) as two longs, and its port. */
    public record Peer(long high, long low, int port) {

        public static Peer of(InetAddress address, int port) {
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
    public static Map<Peer, Long> read(List<Path> tables, Set<Peer> peers) throws IOException {
        Map<Peer, Long> queues = new HashMap<>();
        for (Path table : tables) {
            read(table, peers, queues);
        }
        return queues;
    }

    /**
     * Adds one table's established connections to {@code peers} to {@code queues} (the largest per peer). Each read
     * costs the kernel a walk over its whole connection hash table, however few connections it lists: 3.3 ms on the
     * project's machine (docs/compression-internals.md, "When a connection compresses: the link sampler").
     *
     * @return whether the table held any of them
     */
    public static boolean read(Path table, Set<Peer> peers, Map<Peer, Long> queues) throws IOException {
        if (!Files.isReadable(table)) {
            return false;
        }
        boolean found = false;
        try (BufferedReader reader = Files.newBufferedReader(table)) {
            reader.readLine(); // column titles
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                found |= accept(line, peers, queues);
            }
        }
        return found;
    }

    /**
     * One table row: {@code sl local_address rem_address st tx_queue:rx_queue ...}, addresses as hex words in the
     * machine's byte order, e.g. {@code 0: 0100007F:9C40 0100007F:1F90 01 00000A00:00000000 ...}. Read in place,
     * without splitting: a host may list thousands of rows per read. Returns whether it was one of {@code peers}'.
     */
    static boolean accept(String line, Set<Peer> peers, Map<Peer, Long> queues) {
        int remote = field(line, 0, 2);
        int state = field(line, remote, 1);
        int queue = field(line, state, 1);
        if (queue < 0 || !line.startsWith("01 ", state)) { // 01: established
            return false;
        }
        Peer peer = parsePeer(line, remote, line.indexOf(' ', remote));
        int colon = line.indexOf(':', queue);
        if (peer == null || !peers.contains(peer) || colon < 0) {
            return false;
        }
        try {
            long queued = Long.parseLong(line, queue, colon, 16);
            queues.merge(peer, queued, Math::max);
            return true;
        } catch (NumberFormatException e) {
            return false; // not a row as the kernel prints them: nothing to learn from it
        }
    }

    /** Where the field {@code skip} fields after the one at {@code from} starts; -1 if the line ends first. */
    private static int field(String line, int from, int skip) {
        if (from < 0) {
            return -1;
        }
        int at = from;
        for (int i = 0; i < skip; i++) {
            while (at < line.length() && line.charAt(at) == ' ') {
                at++;
            }
            while (at < line.length() && line.charAt(at) != ' ') {
                at++;
            }
        }
        while (at < line.length() && line.charAt(at) == ' ') {
            at++;
        }
        return at < line.length() ? at : -1;
    }

    /** {@code hex:port} as the kernel prints it; null if malformed. */
    static Peer parsePeer(String field) {
        return parsePeer(field, 0, field.length());
    }

    /** {@code hex:port} from {@code begin} to {@code end} (-1: the line's end); null if malformed. */
    private static Peer parsePeer(String s, int begin, int end) {
        int stop = end < 0 ? s.length() : end;
        int colon = s.indexOf(':', begin);
        if (colon < 0 || colon >= stop || (colon - begin != 8 && colon - begin != 32)) {
            return null;
        }
        try {
            int port = Integer.parseInt(s, colon + 1, stop, 16);
            if (colon - begin == 8) {
                return Peer.ipv4(word(s, begin), port);
            }
            return Peer.ipv6(word(s, begin), word(s, begin + 8), word(s, begin + 16), word(s, begin + 24), port);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Eight hex digits at {@code at}: a 32-bit word the kernel printed in the machine's byte order. */
    private static int word(String s, int at) {
        int printed = Integer.parseUnsignedInt(s, at, at + 8, 16);
        return LITTLE_ENDIAN ? Integer.reverseBytes(printed) : printed;
    }
}
