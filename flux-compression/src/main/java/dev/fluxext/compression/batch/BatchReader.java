package dev.fluxext.compression.batch;

import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;

import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.frame.FrameFormat;
import dev.fluxext.compression.frame.FrameRejectedException;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.messaging.TaskMessage;

/**
 * Unpacks bundle frames, checking every length before using it: nothing is allocated for a frame declaring more
 * than the cap, and a frame whose lengths disagree with its bytes is rejected whole. The decompression buffer and
 * codec contexts are reused (one reader per thread); each message's payload is the only allocation.
 */
// Public for the benchmarks module (dev.fluxext.benchmarks) only: transport internals, not API.
public final class BatchReader {

    private final BatchSettings settings;
    private final int cap;
    /** A sender bundles at most maxBatchBytes of entries: more messages than fit there are a lie. */
    private final int maxMessages;
    private final Codec[] codecs = new Codec[16];
    private byte[] decompressed = new byte[0];
    private final List<TaskMessage> unpacked = new ArrayList<>();
    private final IdJoiner joiner;

    public BatchReader(BatchSettings settings) {
        this.settings = settings;
        this.cap = settings.maxDecompressedBytes();
        this.maxMessages = settings.maxBatchBytes() / BatchFormat.MIN_ENTRY_BYTES;
        this.joiner = new IdJoiner(settings.idsInValues());
    }

    /**
     * Appends the messages of {@code frame} to {@code out}, all or none.
     *
     * @throws FrameRejectedException if the frame is not accepted
     */
    public void read(byte[] frame, List<TaskMessage> out) {
        if (frame == null || frame.length == 0) {
            throw new FrameRejectedException("empty batch frame");
        }
        int header = frame[0] & 0xFF;
        if (header >>> FrameFormat.VERSION_SHIFT != FrameFormat.VERSION) {
            throw new FrameRejectedException("unknown batch frame version in header 0x" + Integer.toHexString(header));
        }
        int codecId = header & FrameFormat.CODEC_MASK;
        boolean apart = (header & BatchFormat.IDS_APART) != 0;
        if ((header & FrameFormat.DICTIONARY_FLAG) != 0 || (apart && codecId == FrameFormat.RAW)) {
            throw new FrameRejectedException("dictionary flag, or ids apart in a raw frame, in batch frame header 0x"
                    + Integer.toHexString(header));
        }
        if (codecId == FrameFormat.RAW) {
            unpack(frame, 1, frame.length, false);
        } else {
            int length = decompress(frame, codecId, apart); // grows the buffer: read it only afterwards
            unpack(decompressed, 0, length, apart);
        }
        out.addAll(unpacked);
    }

    /** Decompresses the frame's body; with {@code apart}, starts {@link #joiner} on the id section after it. */
    private int decompress(byte[] frame, int codecId, boolean apart) {
        CodecId id = CodecId.byId(codecId);
        if (id == null) {
            throw new FrameRejectedException("unknown codec id " + codecId + " in batch frame header");
        }
        if (id != settings.codec()) {
            // Every worker of a topology sends with the topology's codec (or raw): another one is not a peer's.
            throw new FrameRejectedException(id.configName() + " batch frame, but this topology's transport uses "
                    + (settings.codec() == null ? "none" : settings.codec().configName()));
        }
        long length = BatchFormat.readVarInt(frame, 1, frame.length);
        long compressedLength = length < 0 ? -1 : BatchFormat.readVarInt(frame, varIntEnd(length), frame.length);
        if (compressedLength < 0) {
            throw new FrameRejectedException("batch frame lengths truncated or malformed");
        }
        int expected = varIntValue(length);
        int n = varIntValue(compressedLength);
        int start = varIntEnd(compressedLength);
        if (expected > cap) {
            throw new FrameRejectedException("batch frame declares " + expected + " decompressed bytes, more than the "
                    + "cap of " + cap + " set by " + BatchCompressionOptions.MAX_DECOMPRESSED_BYTES.key());
        }
        if (apart ? n > frame.length - start : n != frame.length - start) {
            throw new FrameRejectedException("batch frame declares " + n + " compressed bytes but holds "
                    + (frame.length - start));
        }
        if (apart) {
            joiner.start(frame, start + n, frame.length);
        }
        Codec codec = codec(id);
        if (n > codec.maxCompressedLength(expected)) {
            throw new FrameRejectedException("batch frame declares " + n + " compressed bytes for " + expected
                    + ", more than " + id.configName() + " can produce");
        }
        decompressed = FrameFormat.grow(decompressed, expected, cap);
        int actual;
        try {
            actual = codec.decompress(frame, start, n, decompressed, 0, expected);
        } catch (RuntimeException e) {
            throw new FrameRejectedException(id.configName() + " batch frame declaring " + expected
                    + " bytes does not decompress: " + e.getMessage(), e);
        }
        if (actual != expected) {
            throw new FrameRejectedException(id.configName() + " batch frame declares " + expected
                    + " bytes but holds " + actual);
        }
        return expected;
    }

    private void unpack(byte[] body, int pos, int end, boolean apart) {
        unpacked.clear();
        long count = BatchFormat.readVarInt(body, pos, end);
        // Each message takes at least MIN_ENTRY_BYTES: a larger count is a lie, found before looping; and no more
        // are built per frame than a sender bundles.
        if (count < 0 || varIntValue(count) > (end - varIntEnd(count)) / BatchFormat.MIN_ENTRY_BYTES) {
            throw new FrameRejectedException("batch frame declares " + (count < 0 ? "a malformed number of"
                    : varIntValue(count)) + " messages, more than its " + (end - pos) + " bytes hold");
        }
        if (varIntValue(count) > maxMessages) {
            throw new FrameRejectedException("batch frame declares " + varIntValue(count) + " messages, more "
                    + "than " + maxMessages + " (" + BatchCompressionOptions.MAX_BATCH_BYTES.key() + " / "
                    + BatchFormat.MIN_ENTRY_BYTES + " bytes each)");
        }
        pos = varIntEnd(count);
        long room = cap; // the messages' bytes once their ids are back in
        for (int i = 0; i < varIntValue(count); i++) {
            long task = BatchFormat.readVarInt(body, pos, end);
            long length = task < 0 ? -1 : BatchFormat.readVarInt(body, varIntEnd(task), end);
            int taskId = task < 0 ? -1 : apart ? varIntValue(task) >>> 1 : varIntValue(task);
            if (length < 0 || taskId > Short.MAX_VALUE) {
                throw new FrameRejectedException("batch frame message " + i + " has a malformed header");
            }
            pos = varIntEnd(length);
            int size = varIntValue(length);
            if (size > end - pos) {
                throw new FrameRejectedException("batch frame message " + i + " declares " + size + " bytes, "
                        + (end - pos) + " left");
            }
            byte[] payload;
            if (apart && (varIntValue(task) & 1) != 0) {
                payload = joiner.join(body, pos, pos + size, room);
            } else if (size > room) {
                throw new FrameRejectedException("batch frame's messages with their ids take more than the cap");
            } else {
                payload = new byte[size];
                System.arraycopy(body, pos, payload, 0, size);
            }
            room -= payload.length;
            pos += size;
            unpacked.add(new TaskMessage(taskId, payload));
        }
        if (pos != end) {
            throw new FrameRejectedException("batch frame has " + (end - pos) + " bytes after its last message");
        }
        if (apart) {
            joiner.finish();
        }
    }

    private Codec codec(CodecId id) {
        Codec c = codecs[id.id()];
        if (c == null) {
            c = id.create(settings.codecSettings());
            codecs[id.id()] = c;
        }
        return c;
    }
}
