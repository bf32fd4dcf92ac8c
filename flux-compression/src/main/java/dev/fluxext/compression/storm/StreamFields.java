package dev.fluxext.compression.storm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.storm.generated.StreamInfo;
import org.apache.storm.task.GeneralTopologyContext;

/**
 * How many fields each stream of each task declares, per topology, filled by {@link FrameGuardContext} when a worker
 * binds, so that the serializer can turn away a received tuple whose values do not fit its stream before Storm
 * builds it. Storm does not check that on receipt: in local mode building the tuple throws in the Netty thread,
 * whose handler then ends the worker; on a cluster the tuple is delivered, and a consumer reading a field the tuple
 * lacks throws in its executor, which ends the worker too (an acker reads all of its input's fields).
 */
final class StreamFields {

    /** A topology's declared fields: by source task, then by stream index as Storm's serializer numbers streams. */
    private record Declared(int[][] byTaskAndStream, boolean exact) {
    }

    private static final Map<String, Declared> TOPOLOGIES = new ConcurrentHashMap<>();
    /**
     * Set while this thread hands received messages to Storm through the guard: only then is a buffer the
     * serializer reads from a whole tuple message (Netty's load metrics, for one, are values alone).
     */
    private static final ThreadLocal<boolean[]> RECEIVING = ThreadLocal.withInitial(() -> new boolean[1]);

    private StreamFields() {
    }

    /** Runs {@code receive} (which hands tuple messages to Storm's deserializer) with {@link #receiving} set. */
    static void whileReceiving(Runnable receive) {
        boolean[] receiving = RECEIVING.get();
        receiving[0] = true;
        try {
            receive.run();
        } finally {
            receiving[0] = false;
        }
    }

    /** Whether this thread is handing received tuple messages to Storm through the guard. */
    static boolean receiving() {
        return RECEIVING.get()[0];
    }

    static void register(String stormId, GeneralTopologyContext context) {
        if (stormId != null) {
            TOPOLOGIES.computeIfAbsent(stormId, id -> declared(context));
        }
    }

    private static Declared declared(GeneralTopologyContext context) {
        Map<Integer, String> tasks = context.getTaskToComponent();
        int max = tasks.keySet().stream().mapToInt(Integer::intValue).max().orElse(0);
        int[][] byTask = new int[Math.max(max, 0) + 2][]; // task + 1: Storm's system task is -1
        tasks.forEach((task, component) -> {
            if (task >= -1) {
                // Storm's IdDictionary numbers a component's streams from 1 in the order of their names.
                Map<String, StreamInfo> declared = context.getComponentCommon(component).get_streams();
                List<String> streams = new ArrayList<>(declared.keySet());
                streams.sort(null);
                int[] fields = new int[streams.size() + 1];
                for (int i = 0; i < streams.size(); i++) {
                    fields[i + 1] = declared.get(streams.get(i)).get_output_fields_size();
                }
                byTask[task + 1] = fields;
            }
        });
        // Local mode builds every tuple with Storm's sanity check, which wants the exact count.
        return new Declared(byTask, context.doSanityCheck());
    }

    /**
     * What is wrong with {@code values} values for the tuple {@code message} holds (source task and stream index
     * first, as Storm's {@code KryoTupleSerializer} writes them), or null: too few for the fields its stream
     * declares, or, in local mode, any other number. Null also when the topology or the task is unknown here.
     */
    static String problem(String stormId, byte[] message, int values) {
        Declared declared = stormId == null ? null : TOPOLOGIES.get(stormId);
        if (declared == null || message == null) {
            return null;
        }
        long task = TupleHeader.readVarInt(message, 0);
        long stream = task == -1 ? -1 : TupleHeader.readVarInt(message, TupleHeader.position(task));
        int source = TupleHeader.value(task) + 1;
        if (stream == -1 || source < 0 || source >= declared.byTaskAndStream.length
                || declared.byTaskAndStream[source] == null) {
            return null; // the header check turns such a message away before the values are read
        }
        int[] fields = declared.byTaskAndStream[source];
        int index = TupleHeader.value(stream);
        if (index < 1 || index >= fields.length) {
            return null;
        }
        int expected = fields[index];
        if (values < expected || (declared.exact && values != expected)) {
            return "tuple from task " + TupleHeader.value(task) + " (" + TaskDirectory.componentOf(stormId,
                    TupleHeader.value(task)) + ") has " + values + " values, its stream declares " + expected
                    + " fields";
        }
        return null;
    }
}
