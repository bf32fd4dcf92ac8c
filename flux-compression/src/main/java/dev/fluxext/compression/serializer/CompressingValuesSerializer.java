package dev.fluxext.compression.serializer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.frame.BoundedInput;
import dev.fluxext.compression.frame.FrameReader;
import dev.fluxext.compression.frame.FrameRejectedException;
import dev.fluxext.compression.frame.FrameWriter;
import dev.fluxext.compression.guard.RejectLog;
import dev.fluxext.compression.guard.StreamFields;
import dev.fluxext.compression.guard.TaskDirectory;
import dev.fluxext.compression.metrics.ComponentCounters;
import dev.fluxext.compression.metrics.CompressionMetrics;
import org.apache.storm.utils.ListDelegate;

/**
 * The work of the per-tuple serializer, the Kryo serializer of a tuple's values. Storm's config names it as
 * {@code dev.fluxext.compression.storm.CompressingListDelegateSerializer}, its one subclass, which reads these
 * settings from the config Storm builds it with. Storm builds one per Kryo instance: per executor (with the
 * executor's config, so per-component settings apply to what it sends) and per receiving thread (with topology
 * config, so the topology's cap applies to what a worker accepts).
 *
 * <p>Values are serialized exactly as Storm's default {@code ListDelegateSerializer} does (it does the work; on the
 * batch-compressing transport {@link FixedLongValues} does, which writes {@code Long}s as message ids are written),
 * straight into Storm's buffer, then framed there by {@link FrameWriter}: left as they are (a header goes first only
 * where their first byte would look like one) or replaced by their compressed frame. Reading inverts that through
 * {@link FrameReader}, within the bounds of {@link BoundedSerializers} and the receive guard's checks of the values
 * against their stream ({@link StreamFields}).
 *
 * <p>It counts only the time spent compressing (and makes its codec known): tuples and bytes are counted where they
 * really go on the wire, by the guard's connection ({@code dev.fluxext.compression.wire.CountingConnection}), because
 * Storm serializes a tuple again each time handing it to the worker's transfer queue fails under backpressure, and a
 * serializer cannot tell such a retry from a second remote target of the same tuple.
 */
public abstract class CompressingValuesSerializer extends Serializer<ListDelegate> {

    private static final byte[] NO_BYTES = new byte[0];
    private final Serializer<ListDelegate> values;
    private final FrameWriter writer;
    private final FrameReader reader;
    private final String componentId;
    private final String codecName;
    /** Created on the first write: receivers (which only read) must not show up as senders. */
    private ComponentCounters counters;
    private final String stormId;
    /** Only for an {@code Output} that writes through to a stream (never Storm's), so created when first needed. */
    private Output scratch;
    /** Every frame's values are read through it, raw or decompressed, so no length read allocates past the frame. */
    private final BoundedInput frame;
    private boolean boundedSerializersInstalled;
    private byte[] lastRejected;

    /**
     * @param fixedLongs whether the values go as {@link FixedLongValues} (the topology is on the batch transport)
     * @param componentId the component whose tuples this one writes, for its figures
     * @param stormId the topology's id, to charge a rejected frame to its sender; null if unknown
     */
    protected CompressingValuesSerializer(CompressionSettings settings, boolean fixedLongs, String componentId,
                                          String stormId) {
        values = fixedLongs ? new FixedLongValues() : new BoundedSerializers.TupleValues();
        CodecId codecId = CodecId.byConfigName(settings.codec());
        writer = codecId == null ? new FrameWriter(null, 0, settings.threshold())
                : new FrameWriter(codecId.create(settings), codecId.id(), settings.threshold());
        reader = new FrameReader(settings);
        frame = new BoundedInput(settings.maxDecompressedBytes());
        this.componentId = componentId;
        codecName = settings.codec();
        this.stormId = stormId;
    }

    @Override
    public void write(Kryo kryo, Output output, ListDelegate list) {
        if (counters == null) {
            counters = CompressionMetrics.forSender(componentId, codecName);
        }
        if (output.getOutputStream() != null) {
            writeToStream(kryo, output, list); // not from Storm
            return;
        }
        // Straight into Storm's buffer, as Storm's own serializer writes them, then framed there: a raw frame (codec
        // none, at or below the threshold) costs no copy and no clock reads.
        int start = output.position();
        values.write(kryo, output, list);
        if (!writer.attempts(output.position() - start)) {
            FrameWriter.finishRaw(output, start);
            return;
        }
        long t0 = System.nanoTime();
        writer.finish(output, start);
        counters.spent(System.nanoTime() - t0);
    }

    /** An {@code Output} writing through to a stream: earlier bytes may be gone, so nothing is framed in place. */
    private void writeToStream(Kryo kryo, Output output, ListDelegate list) {
        if (!writer.compresses()) {
            FrameWriter.writeRawHeader(output);
            values.write(kryo, output, list);
            return;
        }
        if (scratch == null) {
            scratch = new Output(4096, -1);
        }
        scratch.reset();
        values.write(kryo, scratch, list);
        long t0 = System.nanoTime();
        writer.write(scratch.getBuffer(), scratch.position(), output);
        counters.spent(System.nanoTime() - t0);
    }

    @Override
    public ListDelegate read(Kryo kryo, Input input, Class<? extends ListDelegate> type) {
        if (!boundedSerializersInstalled) {
            // Not in the constructor: Storm registers its collection serializers after building this one.
            BoundedSerializers.install(kryo);
            boundedSerializersInstalled = true;
        }
        try {
            if (!reader.read(input)) {
                return fitting(input, present(readRaw(kryo, input, type)));
            }
            frame.setBuffer(reader.buffer(), 0, reader.length());
            ListDelegate result = values.read(kryo, frame, type);
            if (frame.position() != reader.length()) {
                throw new FrameRejectedException("frame holds " + (reader.length() - frame.position())
                        + " bytes after the tuple's values");
            }
            return fitting(input, present(result));
        } catch (FrameRejectedException e) {
            throw rejected(input, e);
        } catch (RuntimeException | LinkageError e) {
            // Kryo could not read the values: as bad a frame as any other, and treated the same way. (Garbage can
            // make Kryo's generated field accessors store a value of the wrong class: IncompatibleClassChangeError.)
            throw rejected(input, new FrameRejectedException("tuple values could not be read: " + e, e));
        }
    }

    /**
     * Values that fit their stream's fields ({@link StreamFields}), for a message received through the guard
     * (Storm's deserializer reads it from its start, the values last).
     */
    private ListDelegate fitting(Input input, ListDelegate values) {
        if (input.getInputStream() == null && StreamFields.receiving()) {
            String problem = StreamFields.problem(stormId, input.getBuffer(), values);
            if (problem != null) {
                throw new FrameRejectedException(problem);
            }
        }
        return values;
    }

    /** A tuple always has a values list: Kryo reads a length of 0 as null, on which Storm fails later. */
    private static ListDelegate present(ListDelegate values) {
        if (values == null) {
            throw new FrameRejectedException("frame holds no values list (a null one)");
        }
        return values;
    }

    /**
     * The values follow in {@code input}'s own buffer (Storm hands over the whole message, the values last): they
     * must end where it ends, as a compressed frame's values end where the frame does.
     */
    private ListDelegate readRaw(Kryo kryo, Input input, Class<? extends ListDelegate> type) {
        if (input.getInputStream() != null) {
            return values.read(kryo, input, type); // not from Storm: the bytes left are unknown
        }
        frame.setBuffer(input.getBuffer(), input.position(), input.limit() - input.position());
        try {
            ListDelegate result = values.read(kryo, frame, type);
            if (frame.position() != input.limit()) {
                throw new FrameRejectedException("message holds " + (input.limit() - frame.position())
                        + " bytes after the tuple's values");
            }
            input.setPosition(frame.position());
            return result;
        } finally {
            frame.setBuffer(NO_BYTES); // holds on to no message
        }
    }

    private FrameRejectedException rejected(Input input, FrameRejectedException e) {
        // A receiver that retries a batch message by message meets the same bad message again: count it once.
        if (input.getBuffer() != lastRejected) {
            lastRejected = input.getBuffer();
            String sender = TaskDirectory.senderOf(stormId, input.getBuffer());
            CompressionMetrics.forRejection(sender).rejected();
            RejectLog.record(sender, e.getMessage());
        }
        return e;
    }
}
