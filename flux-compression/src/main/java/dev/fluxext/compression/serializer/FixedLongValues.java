package dev.fluxext.compression.serializer;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.frame.BoundedInput;
import dev.fluxext.compression.frame.FrameRejectedException;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.utils.ListDelegate;

/**
 * A tuple's values as topologies on the batch-compressing transport write them: the count (varint), a mask of the
 * values that are {@code Long}s (varint, bit i for value i, the first {@link #MASKED} values only), each of those as
 * 8 fixed bytes (little-endian, as Kryo 5 writes a long), then every other value as Kryo writes a class and an object.
 *
 * <p>Why: Storm's ackers carry a tuple tree's random 64-bit root id and edge ids as {@code Long} values, which
 * Kryo writes as 9-10 variable-length bytes, while the tuples they ack carry the same ids in their message id as
 * 8 fixed bytes. Written alike, the transport's codec finds an acker tuple's ids again in the tuples of its bundle,
 * and, kept together right after the mask, the transport finds them without Kryo and sends each id once per bundle
 * ({@code dev.fluxext.compression.batch.BundleIds}). Only the values' own {@code Long}s change: a {@code Long}
 * inside a nested list or a user's object is written as Kryo writes it. Both ends of every connection of a topology
 * use this format or neither: the choice is the topology's transport
 * ({@code dev.fluxext.compression.storm.CompressingListDelegateSerializer.writesFixedLongs}).
 */
public final class FixedLongValues extends Serializer<ListDelegate> {

    /** Values with an index below this can be in the mask: a positive int's bits. */
    public static final int MASKED = 31;

    @Override
    public void write(Kryo kryo, Output output, ListDelegate values) {
        int count = values.size();
        int mask = 0;
        for (int i = 0; i < Math.min(count, MASKED); i++) {
            if (values.get(i) instanceof Long) {
                mask |= 1 << i;
            }
        }
        output.writeVarInt(count, true);
        output.writeVarInt(mask, true);
        for (int i = 0; i < Math.min(count, MASKED); i++) {
            if ((mask & (1 << i)) != 0) {
                output.writeLong((Long) values.get(i));
            }
        }
        for (int i = 0; i < count; i++) {
            if (i >= MASKED || (mask & (1 << i)) == 0) {
                kryo.writeClassAndObject(output, values.get(i));
            }
        }
    }

    @Override
    public ListDelegate read(Kryo kryo, Input input, Class<? extends ListDelegate> type) {
        int count = input.readVarInt(true);
        int mask = input.readVarInt(true);
        if (mask < 0 || (count < MASKED && mask >>> count != 0)) {
            throw new FrameRejectedException("tuple values' Long mask 0x" + Integer.toHexString(mask)
                    + " names values beyond their count " + count);
        }
        // Each value takes a byte at least (a class id, 0 for null), each Long 8.
        BoundedInput.requireElements(input, count, 1, "tuple values");
        BoundedInput.requireElements(input, Integer.bitCount(mask), 8, "tuple values' Longs");
        // The Longs come first on the wire but not in the list: a list of nulls, filled in place.
        List<Object> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(null);
        }
        for (int i = 0; i < Math.min(count, MASKED); i++) {
            if ((mask & (1 << i)) != 0) {
                list.set(i, input.readLong());
            }
        }
        for (int i = 0; i < count; i++) {
            if (i >= MASKED || (mask & (1 << i)) == 0) {
                list.set(i, kryo.readClassAndObject(input));
            }
        }
        ListDelegate values = new ListDelegate();
        values.setDelegate(list);
        return values;
    }
}
