package dev.fluxext.compression.batch;

import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.metrics.BatchCounters;
import java.util.Arrays;
import org.apache.storm.messaging.TaskMessage;

/**
 * Packs messages into one bundle and frames it (compressed, with Storm's ids apart from the codec's input where
 * its messages are tuples: {@link IdSplitter}; or raw when that is not smaller). The codec is not called
 * for a bundle below {@code minBatchBytes}, nor while the connection's {@link CompressionGate} finds its bundles do
 * not shrink; such frames are counted as skipped. (While the link keeps up, the connection does not bundle at all.)
 * The body and compression buffers are reused across bundles (one writer per connection, used under its lock), so a
 * bundle allocates only its output frame.
 */
// Public for the benchmarks module (dev.fluxext.benchmarks) only: transport internals, not API.
public final class BatchWriter {

    /** Netty's per-message header: short task id, int length. */
    static final int NETTY_HEADER = 6;
    /** Room left at the body's start for the message count, written last. */
    private static final int COUNT_ROOM = 5;

    private final Codec codec;
    private final int codecId;
    private final int maxBody;
    private final int minBody;
    private final CompressionGate gate;
    private final BatchCounters counters;
    private final IdSplitter splitter;
    private byte[] body = new byte[0];
    private byte[] compressed = new byte[0];
    private int end = COUNT_ROOM;
    private int count;
    private long before;

    /** A writer with {@code settings}' codec (a new instance: it keeps state) counting into {@code counters}. */
    public BatchWriter(BatchSettings settings, BatchCounters counters) {
        this(settings.codec() == null ? null : settings.codec().create(settings.codecSettings()),
                settings.codec() == null ? 0 : settings.codec().id(), settings.maxBatchBytes(),
                settings.minBatchBytes(), settings.minSavingPercent(), settings.idsInValues(), counters);
    }

    /** @param codec null to frame bundles raw (and count none as skipped: there is no codec to skip) */
    public BatchWriter(Codec codec, int codecId, int maxBatchBytes, int minBatchBytes, int minSavingPercent,
                boolean idsInValues, BatchCounters counters) {
        this.splitter = new IdSplitter(idsInValues);
        this.codec = codec;
        this.codecId = codecId;
        this.maxBody = maxBatchBytes;
        this.minBody = minBatchBytes;
        this.gate = new CompressionGate(minSavingPercent);
        this.counters = counters;
    }

    /** Whether a message this big goes on its own, unbundled: it would not fit even an empty bundle. */
    boolean tooBig(TaskMessage message) {
        return entrySize(message) + COUNT_ROOM > maxBody;
    }

    /** Whether {@code message} still fits the current bundle. */
    boolean fits(TaskMessage message) {
        return end + entrySize(message) <= maxBody;
    }

    boolean isEmpty() {
        return count == 0;
    }

    int count() {
        return count;
    }

    /** Wire bytes the bundled messages would have taken on their own. */
    long bytesBefore() {
        return before;
    }

    public void add(TaskMessage message) {
        byte[] payload = message.message();
        int length = payload == null ? 0 : payload.length;
        int needed = end + entrySize(message);
        if (body.length < needed) {
            // Keeps what the bundle holds so far (FrameFormat.grow does not copy); doubling keeps copies rare.
            body = Arrays.copyOf(body, Math.max(needed, Math.min(2 * body.length, maxBody)));
        }
        end = BatchFormat.writeVarInt(body, end, message.task());
        end = BatchFormat.writeVarInt(body, end, length);
        if (length > 0) {
            System.arraycopy(payload, 0, body, end, length);
            end += length;
        }
        count++;
        before += NETTY_HEADER + length;
    }

    /** The frame of the current bundle as one message; the writer is empty again afterwards. */
    public TaskMessage finish() {
        int start = COUNT_ROOM - FrameFormat.varIntLength(count);
        BatchFormat.writeVarInt(body, start, count);
        int length = end - start;
        byte[] frame = null;
        // The gate is asked only about bundles the size rule lets through, so small ones neither use up nor judge its
        // skips.
        boolean worth = codec != null && length >= minBody && gate.shouldCompress();
        if (codec != null && !worth) {
            counters.skipped();
        }
        if (worth) {
            // Apart only if the body does not grow (numbers left in place take a token each): a receiver's cap is
            // at least maxBatchBytes, never more.
            boolean apart = splitter.split(body, start, end) && splitter.bodyLength() <= length;
            byte[] in = apart ? splitter.body() : body;
            int from = apart ? 0 : start;
            int inLength = apart ? splitter.bodyLength() : length;
            int idBytes = apart ? splitter.idsLength() : 0;
            int bound = codec.maxCompressedLength(inLength);
            compressed = FrameFormat.grow(compressed, bound, Integer.MAX_VALUE - 8);
            int n = codec.compress(in, from, inLength, compressed, 0, bound);
            int size = 1 + FrameFormat.varIntLength(inLength) + FrameFormat.varIntLength(n) + n + idBytes;
            if (size < 1 + length) {
                frame = new byte[size];
                frame[0] = (byte) (FrameFormat.header(codecId) | (apart ? BatchFormat.IDS_APART : 0));
                int pos = BatchFormat.writeVarInt(frame, 1, inLength);
                pos = BatchFormat.writeVarInt(frame, pos, n);
                System.arraycopy(compressed, 0, frame, pos, n);
                System.arraycopy(splitter.ids(), 0, frame, pos + n, idBytes);
            }
            gate.compressed(1 + length, frame == null ? 1 + length : size);
        }
        if (frame == null) {
            frame = new byte[1 + length];
            frame[0] = (byte) FrameFormat.header(FrameFormat.RAW);
            System.arraycopy(body, start, frame, 1, length);
        }
        end = COUNT_ROOM;
        count = 0;
        before = 0;
        return new TaskMessage(BatchFormat.BATCH_TASK, frame);
    }

    private static int entrySize(TaskMessage message) {
        int length = message.message() == null ? 0 : message.message().length;
        return FrameFormat.varIntLength(message.task()) + FrameFormat.varIntLength(length) + length;
    }
}
