package dev.fluxext.benchmarks.compression;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.storm.CompressionSetup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.LongPredicate;
import org.apache.storm.Config;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.serialization.KryoValuesSerializer;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.Utils;

/**
 * Takes apart one message of Storm's tuple encoding ({@code KryoTupleSerializer}: source task varint, stream id
 * varint, the {@code MessageId} (varint anchor count, then each anchor's root id and edge id as 8-byte longs), the
 * values as Kryo writes a list), so that {@link WireFloor} can tell the random 64-bit ids from the rest.
 *
 * <p>The random ids: every root and edge id of the message id's anchors, and every {@code Long} value outside
 * the int range. The topologies measured emit no longs of their own between workers; the ackers' tuples
 * ({@code __ack_init}, {@code __ack_ack}, {@code __ack_fail}) are a root id and an xor of edge ids, both random
 * {@code Long}s, plus (init) an {@code Integer} task; the acker's ack to the spout is the root id and the tuple
 * tree's time in ms, a {@code Long} inside the int range (a random 64-bit value lies there with probability 2^-32).
 */
final class TupleBytes {

    /**
     * A message taken apart: the part sizes add up to the message's length. {@code ids} holds the anchors' ids
     * first ({@code anchorIds} of them: the ones a transport can find without Kryo), then the values'.
     */
    record Parts(int sourceTask, int stream, int headerBytes, int messageIdBytes, int valuesBytes,
                 List<Long> ids, int anchorIds, List<Object> otherValues, List<int[]> idRanges) {

        /** The message with every random id's bytes zeroed: what a codec would get if the ids were not random. */
        byte[] withoutIds(byte[] message) {
            return without(message, id -> true);
        }

        /** The message with the anchors' ids zeroed, the values' (the ackers' longs) left as they are. */
        byte[] withoutAnchorIds(byte[] message) {
            return zeroed(message, i -> i < anchorIds);
        }

        /** The message with the bytes of the ids {@code zero} picks (in order: anchors', then values') zeroed. */
        byte[] without(byte[] message, LongPredicate zero) {
            return zeroed(message, i -> zero.test(ids.get(i)));
        }

        private byte[] zeroed(byte[] message, IntPredicate index) {
            byte[] copy = message.clone();
            for (int i = 0; i < ids.size(); i++) {
                if (index.test(i)) {
                    Arrays.fill(copy, idRanges.get(i)[0], idRanges.get(i)[1], (byte) 0);
                }
            }
            return copy;
        }
    }

    private final KryoValuesDeserializer values;
    private final Kryo kryo;
    /** The values serializer a topology on the batch transport ships ({@code FixedLongValues}, codec none). */
    private final KryoValuesSerializer batchValues;
    private final Output scratch = new Output(32);
    private final Output rewritten = new Output(256, -1);

    /** Reads values with the Kryo a worker with Storm's default config builds (what the topologies use). */
    TupleBytes() {
        this(Utils.readDefaultConfig());
    }

    TupleBytes(Map<String, Object> conf) {
        values = new KryoValuesDeserializer(conf);
        kryo = SerializationFactory.getKryo(conf);
        Map<String, Object> batch = new HashMap<>(conf);
        batch.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        CompressionSetup.enable(batch, Map.of());
        batchValues = new KryoValuesSerializer(batch);
    }

    /**
     * The message with its values written again as a topology on the batch transport writes them (every
     * {@code Long} as 8 fixed bytes): a root id or edge id in an acker's values then has the same bytes as in the
     * anchors of the tuples it acks, where a codec can match it.
     */
    byte[] withFixedLongs(byte[] message) {
        Input in = new Input(message);
        in.readInt(true);
        in.readInt(true);
        int anchors = in.readInt(true);
        in.setPosition(in.position() + 16 * anchors);
        int afterId = in.position();
        List<Object> list = values.deserializeFrom(in);
        rewritten.reset();
        rewritten.writeBytes(message, 0, afterId);
        batchValues.serializeInto(list, rewritten);
        return rewritten.toBytes();
    }

    Parts parse(byte[] message) {
        Input in = new Input(message);
        int sourceTask = in.readInt(true);
        int stream = in.readInt(true);
        int header = in.position();
        // The message id as MessageId.serialize writes it: anchor count, then each anchor's root and edge id as
        // 8-byte longs (read here in wire order, each id with its own bytes).
        List<Long> ids = new ArrayList<>();
        List<int[]> ranges = new ArrayList<>();
        int anchors = in.readInt(true);
        for (int i = 0; i < 2 * anchors; i++) {
            int at = in.position();
            ids.add(in.readLong());
            ranges.add(new int[] {at, at + 8});
        }
        int afterId = in.position();
        List<Object> rest = new ArrayList<>();
        int searchFrom = afterId;
        for (Object value : values.deserializeFrom(in)) {
            if (value instanceof Long id && (id > Integer.MAX_VALUE || id < Integer.MIN_VALUE)) {
                ids.add(id);
                // Kryo writes the value after its class id, or after the list's one class id when all values are
                // of one class: find the value's own bytes, in order.
                scratch.reset();
                kryo.writeObject(scratch, id);
                int at = indexOf(message, scratch.getBuffer(), scratch.position(), searchFrom);
                if (at < 0) {
                    throw new IllegalArgumentException("a Long value's bytes are not in the message");
                }
                ranges.add(new int[] {at, at + scratch.position()});
                searchFrom = at + scratch.position();
            } else {
                rest.add(value);
            }
        }
        if (in.position() != message.length) {
            throw new IllegalArgumentException("tuple of " + message.length + " bytes has "
                    + (message.length - in.position()) + " bytes after its values");
        }
        return new Parts(sourceTask, stream, header, afterId - header, message.length - afterId, ids, 2 * anchors, rest,
                ranges);
    }

    private static int indexOf(byte[] in, byte[] what, int length, int from) {
        outer:
        for (int i = from; i + length <= in.length; i++) {
            for (int j = 0; j < length; j++) {
                if (in[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
