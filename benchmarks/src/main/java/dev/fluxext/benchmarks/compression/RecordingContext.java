package dev.fluxext.benchmarks.compression;

import dev.fluxext.compression.wire.ForwardingConnection;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IConnectionCallback;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;
import org.apache.storm.messaging.netty.Context;

/**
 * Storm's Netty transport, recording what its workers send each other: every bundle a worker's transfer thread
 * hands a connection ({@code send(Iterator)}, what the batch transport would pack into one frame), as it is, for
 * {@link WireFloor}. Set as {@code transport: {type: dev.fluxext.benchmarks.compression.RecordingContext, guard:
 * false}} with {@link #FILE_KEY} in the topology's config. Records bundles from {@link #SKIP_KEY} seconds after the
 * first worker started until {@link #MAX_BYTES_KEY} message bytes are recorded (a window at speed, after warm-up);
 * counts every message of the run, and writes those counts next to the file (".totals") when the JVM ends.
 *
 * <p>File: per bundle an int connection id (order of connect in this JVM), the destination as a UTF string, an
 * int message count, then per message a short task id, an int length and the payload.
 */
public final class RecordingContext implements IContext {

    public static final String FILE_KEY = "fluxext.wirefloor.file";
    public static final String SKIP_KEY = "fluxext.wirefloor.skip.secs";
    public static final String MAX_BYTES_KEY = "fluxext.wirefloor.max.bytes";

    // Shared by the workers of the one local JVM: one file, one window, one count.
    private static final Object LOCK = new Object();
    private static final AtomicInteger CONNECTIONS = new AtomicInteger();
    private static DataOutputStream out;
    private static Path totalsFile;
    private static long windowStartNanos;
    private static long maxBytes;
    private static long recordedBytes;
    private static long recordedBundles;
    private static long totalMessages;
    private static long totalBytes;
    private static long totalBundles;

    private final Context netty = new Context();

    @Override
    @SuppressWarnings("deprecation")
    public void prepare(Map<String, Object> topoConf) {
        netty.prepare(topoConf);
        Object file = topoConf.get(FILE_KEY);
        if (file == null) {
            throw new IllegalArgumentException(FILE_KEY + " must name the file to record into");
        }
        synchronized (LOCK) {
            if (out != null) {
                return;
            }
            Path path = Path.of(file.toString());
            try {
                out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 20));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot record into " + path, e);
            }
            totalsFile = Path.of(path + ".totals");
            long skip = ((Number) topoConf.getOrDefault(SKIP_KEY, 20)).longValue();
            windowStartNanos = System.nanoTime() + skip * 1_000_000_000L;
            maxBytes = ((Number) topoConf.getOrDefault(MAX_BYTES_KEY, 32L << 20)).longValue();
            Runtime.getRuntime().addShutdownHook(new Thread(RecordingContext::finish, "wirefloor-totals"));
        }
    }

    @Override
    public IConnection bind(String stormId, int port, IConnectionCallback cb, Supplier<Object> newConnectionResponse) {
        return netty.bind(stormId, port, cb, newConnectionResponse);
    }

    @Override
    public IConnection connect(String stormId, String host, int port, AtomicBoolean[] remoteBpStatus) {
        return new Recording(CONNECTIONS.getAndIncrement(), host + ":" + port,
                netty.connect(stormId, host, port, remoteBpStatus));
    }

    @Override
    public void term() {
        netty.term();
        finish();
    }

    private static void record(int id, String destination, List<TaskMessage> bundle) {
        long bytes = 0;
        for (TaskMessage m : bundle) {
            bytes += m.message().length;
        }
        synchronized (LOCK) {
            totalBundles++;
            totalMessages += bundle.size();
            totalBytes += bytes + WireCountingContext.NETTY_HEADER * (long) bundle.size();
            if (out == null || System.nanoTime() < windowStartNanos || recordedBytes >= maxBytes) {
                return;
            }
            try {
                out.writeInt(id);
                out.writeUTF(destination);
                out.writeInt(bundle.size());
                for (TaskMessage m : bundle) {
                    out.writeShort(m.task());
                    out.writeInt(m.message().length);
                    out.write(m.message());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            recordedBytes += bytes;
            recordedBundles++;
        }
    }

    private static void finish() {
        synchronized (LOCK) {
            if (out == null) {
                return;
            }
            try {
                out.close();
                Files.writeString(totalsFile, "bundles " + totalBundles + "\nmessages " + totalMessages
                        + "\nwireBytes " + totalBytes + "\nrecordedBundles " + recordedBundles
                        + "\nrecordedBytes " + recordedBytes + "\n");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out = null;
        }
    }

    /** Hands each bundle to Netty unchanged, after recording it; everything else is forwarded. */
    private static final class Recording extends ForwardingConnection {
        private final int id;
        private final String destination;

        Recording(int id, String destination, IConnection delegate) {
            super(delegate);
            this.id = id;
            this.destination = destination;
        }

        @Override
        public void send(Iterator<TaskMessage> msgs) {
            List<TaskMessage> bundle = new ArrayList<>();
            msgs.forEachRemaining(bundle::add);
            if (!bundle.isEmpty()) {
                record(id, destination, bundle);
            }
            connection.send(bundle.iterator());
        }
    }
}
