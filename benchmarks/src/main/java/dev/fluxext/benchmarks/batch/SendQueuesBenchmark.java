package dev.fluxext.benchmarks.batch;

import dev.fluxext.compression.batch.SendQueues;

import dev.fluxext.compression.batch.SendQueues.Peer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one round of {@link LinkWatch} costs: {@link SendQueues#read} of the kernel's tables with {@code connections}
 * other established loopback connections open (each is two rows: both ends), looking for one watched peer. Each read
 * also walks the kernel's whole connection hash table, sized by the machine's memory, whatever it lists. The tables list the whole
 * network namespace, so run it where nothing else holds many sockets (the figures in docs/compression.md come from a
 * namespace of its own).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class SendQueuesBenchmark {

    /** Established connections besides the watched one; the open-files limit must allow twice as many. */
    @Param({"0", "1000", "8000"})
    public int connections;

    private final List<AutoCloseable> open = new ArrayList<>();
    private Set<Peer> watched;
    private Path holding;
    private final byte[] buffer = new byte[1 << 16];

    @Setup(Level.Trial)
    public void connect() throws IOException {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        ServerSocket others = listen(loopback, connections + 1);
        ServerSocket peer = listen(loopback, 1);
        for (int i = 0; i < connections; i++) {
            open.add(new Socket(loopback, others.getLocalPort()));
            open.add(others.accept());
        }
        open.add(new Socket(loopback, peer.getLocalPort()));
        open.add(peer.accept());
        watched = Set.of(Peer.of(loopback, peer.getLocalPort()));
        for (Path table : SendQueues.TABLES) {
            if (SendQueues.read(table, watched, new HashMap<>())) {
                holding = table;
            }
        }
        if (holding == null) {
            throw new IllegalStateException("the watched connection is not in " + SendQueues.TABLES);
        }
    }

    private ServerSocket listen(InetAddress address, int backlog) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(address, 0), backlog);
        open.add(server);
        return server;
    }

    @TearDown(Level.Trial)
    public void close() throws Exception {
        for (AutoCloseable c : open) {
            if (c instanceof Socket socket) {
                socket.setSoLinger(true, 0); // reset, not TIME_WAIT: the next trial's tables would list them
            }
            c.close();
        }
        open.clear();
    }

    /** A round that reads both tables (the first, or while a watched connection is missing). */
    @Benchmark
    public Map<Peer, Long> readTables() throws IOException {
        return SendQueues.read(SendQueues.TABLES, watched);
    }

    /** A round once the watched connections are found: the one table that holds them. */
    @Benchmark
    public Map<Peer, Long> readHoldingTable() throws IOException {
        Map<Peer, Long> queues = new HashMap<>();
        SendQueues.read(holding, watched, queues);
        return queues;
    }

    /** The same tables' bytes only, unparsed: the kernel's share of a round (it prints every row per read). */
    @Benchmark
    public long readBytesOnly() throws IOException {
        long total = 0;
        for (Path table : SendQueues.TABLES) {
            try (InputStream in = Files.newInputStream(table)) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    total += n;
                }
            }
        }
        return total;
    }
}
