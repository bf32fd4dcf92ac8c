package dev.fluxext.compression.storm;

import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.FrameFormat;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.storm.generated.ExecutorSummary;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.tuple.Tuple;

/**
 * What the raw-socket attacks on a live worker's Netty port ({@link HostileWireIT}, {@link WireGuardIT}) share: the
 * messages they forge, as Storm and this module write them, Netty's framing, and finding and watching the attacked
 * worker.
 */
final class HostileWire {

    private HostileWire() {
    }

    /** A serialized tuple as Storm's KryoTupleSerializer writes it: source task, stream 1, no anchors, values. */
    static byte[] tuple(int sourceTask, byte[] valuesFrame) {
        Output out = new Output(64, -1);
        out.writeInt(sourceTask, true);
        out.writeInt(1, true);
        out.writeInt(0, true);
        out.writeBytes(valuesFrame);
        return out.toBytes();
    }

    /** A raw frame whose only value is a string declaring 2^31-2 characters (Kryo would allocate 4 GB for it). */
    static byte[] hugeString() {
        Output out = new Output(128, -1);
        out.writeByte(FrameFormat.header(FrameFormat.RAW));
        out.writeVarIntFlag(false, 2, true); // one value, typed
        out.writeVarInt(1 + 2, true); // Kryo's registration id of String (1), as Kryo writes class ids
        out.writeVarIntFlag(true, Integer.MAX_VALUE, true);
        out.writeBytes(new byte[100]);
        return out.toBytes();
    }

    /** {@code content} compressed with {@code id} in a frame that declares {@code declared} decompressed bytes. */
    static byte[] frame(CodecId id, byte[] content, int declared) {
        Codec codec = id.create(CompressionSettings.defaults());
        byte[] compressed = new byte[codec.maxCompressedLength(content.length)];
        int n = codec.compress(content, 0, content.length, compressed, 0, compressed.length);
        Output out = new Output(n + 16);
        out.writeByte(FrameFormat.header(id.id()));
        out.writeVarInt(declared, true);
        out.writeVarInt(n, true);
        out.writeBytes(compressed, 0, n);
        return out.toBytes();
    }

    /** One message in Netty's framing, as a worker sends it: short destination task, int length, payload. */
    static void send(DataOutputStream out, int destTask, byte[] payload) throws IOException {
        out.writeShort(destTask);
        out.writeInt(payload.length);
        out.write(payload);
    }

    /** Whether the peer closed {@code socket} (waits 100 ms for it). */
    static boolean closed(Socket socket) {
        try {
            socket.setSoTimeout(100);
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    static ExecutorSummary executorOf(TopologyInfo info, String component) {
        return info.get_executors().stream().filter(e -> e.get_component_id().equals(component)).findFirst()
                .orElseThrow(() -> new AssertionError("no executor of " + component));
    }

    /** An executor of {@code sink} in another worker than {@code spout}'s: the attacked one. */
    static ExecutorSummary sinkOutside(TopologyInfo info, String sink, ExecutorSummary spout) {
        return info.get_executors().stream()
                .filter(e -> e.get_component_id().equals(sink) && e.get_port() != spout.get_port())
                .findFirst().orElseThrow(() -> new AssertionError(info.get_name()
                        + ": no " + sink + " outside the spout's worker"));
    }

    /** Polls {@code done} every 100 ms; fails after {@code seconds}, saying what was awaited and {@code state}. */
    static void await(BooleanSupplier done, String what, int seconds, Supplier<String> state)
            throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what + "; " + state.get());
            }
            Thread.sleep(100);
        }
    }

    /** Acks each tuple (a basic bolt does on return). */
    public static class Sink extends BaseBasicBolt {
        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
