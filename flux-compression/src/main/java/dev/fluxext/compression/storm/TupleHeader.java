package dev.fluxext.compression.storm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Constants;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * Reads, in place and without allocating, the header Storm's {@code KryoTupleSerializer} writes before a tuple's
 * values: the source task, the stream index and the anchor count as Kryo positive varints, then
 * {@link #ANCHOR_BYTES} per anchor. One reader for the receive-side check ({@link TupleHeaderCheck}) and the wire
 * counter ({@link WireCounter}, {@link TaskDirectory}), so both read the header the same way.
 */
final class TupleHeader {

    /** Storm writes an anchor as two longs: root id and edge id. */
    static final int ANCHOR_BYTES = 16;

    private TupleHeader() {
    }

    /**
     * Kryo's positive varint (unsigned LEB128, up to 5 bytes) at {@code pos}: the value in the high 32 bits, the
     * position after it in the low 32; -1 if it runs past the end or its fifth byte says more follow. A negative
     * value (5 bytes, as Storm's system task -1 is written) makes the result negative but not -1.
     */
    static long readVarInt(byte[] bytes, int pos) {
        int value = 0;
        for (int i = 0; i < 5 && pos + i < bytes.length; i++) {
            int b = bytes[pos + i];
            value |= (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                return ((long) value << 32) | (pos + i + 1);
            }
        }
        return -1;
    }

    /** The value of a {@link #readVarInt} result. */
    static int value(long varInt) {
        return (int) (varInt >>> 32);
    }

    /** The position after a {@link #readVarInt} result. */
    static int position(long varInt) {
        return (int) varInt;
    }

    /**
     * The topology's tasks and their components, Storm's system task (-1, {@code __system}) included where the
     * topology runs it: Storm's context answers for it (its {@code getComponentId}) but does not list it.
     */
    static Map<Integer, String> tasks(GeneralTopologyContext context) {
        Map<Integer, String> tasks = new HashMap<>(context.getTaskToComponent());
        if (context.getRawTopology() != null && context.getRawTopology().get_bolts() != null
                && context.getRawTopology().get_bolts().containsKey(Constants.SYSTEM_COMPONENT_ID)) {
            tasks.put((int) Constants.SYSTEM_TASK_ID, Constants.SYSTEM_COMPONENT_ID);
        }
        return tasks;
    }

    /**
     * A component's streams in the order Storm's serializer numbers them (its {@code IdDictionary}: by id, the
     * first numbered 1).
     */
    static List<String> streamsInWireOrder(GeneralTopologyContext context, String component) {
        List<String> streams = new ArrayList<>(context.getComponentCommon(component).get_streams().keySet());
        streams.sort(null);
        return streams;
    }
}
