package dev.fluxext.benchmarks.compression;

import com.esotericsoftware.kryo.io.Input;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.serialization.KryoValuesDeserializer;
import org.apache.storm.tuple.MessageId;
import org.apache.storm.utils.Utils;

/**
 * Takes apart one message of Storm's tuple encoding ({@code KryoTupleSerializer}: source task varint, stream id
 * varint, the {@link MessageId} (varint anchor count, then each anchor's root id and edge id as 8-byte longs), the
 * values as Kryo writes a list), so that {@link WireFloor} can tell the random 64-bit ids from the rest.
 *
 * <p>The random ids: every root and edge id of the message id's anchors, and every {@code Long} value. The
 * topologies measured emit no longs of their own between workers; the ackers' tuples ({@code __ack_init}, {@code
 * __ack_ack}, {@code __ack_fail}) are a root id and an xor of edge ids, both {@code Long}s, plus (init) an
 * {@code Integer} task.
 */
final class TupleBytes {

    /** A message taken apart: the part sizes add up to the message's length. */
    record Parts(int sourceTask, int stream, int headerBytes, int messageIdBytes, int valuesBytes,
                 List<Long> ids, List<Object> otherValues) {
    }

    private final KryoValuesDeserializer values;

    /** Reads values with the Kryo a worker with Storm's default config builds (what the topologies use). */
    TupleBytes() {
        this(Utils.readDefaultConfig());
    }

    TupleBytes(Map<String, Object> conf) {
        values = new KryoValuesDeserializer(conf);
    }

    Parts parse(byte[] message) {
        Input in = new Input(message);
        int sourceTask = in.readInt(true);
        int stream = in.readInt(true);
        int header = in.position();
        MessageId messageId;
        try {
            messageId = MessageId.deserialize(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int afterId = in.position();
        List<Long> ids = new ArrayList<>();
        for (Map.Entry<Long, Long> anchor : messageId.getAnchorsToIds().entrySet()) {
            ids.add(anchor.getKey());
            ids.add(anchor.getValue());
        }
        List<Object> rest = new ArrayList<>();
        for (Object value : values.deserializeFrom(in)) {
            if (value instanceof Long id) {
                ids.add(id);
            } else {
                rest.add(value);
            }
        }
        if (in.position() != message.length) {
            throw new IllegalArgumentException("tuple of " + message.length + " bytes has "
                    + (message.length - in.position()) + " bytes after its values");
        }
        return new Parts(sourceTask, stream, header, afterId - header, message.length - afterId, ids, rest);
    }
}
