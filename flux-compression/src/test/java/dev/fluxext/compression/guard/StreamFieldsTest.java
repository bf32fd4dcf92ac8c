package dev.fluxext.compression.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.esotericsoftware.kryo.io.Output;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.Constants;
import org.apache.storm.daemon.Acker;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.metric.api.IMetricsConsumer;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The fields a received tuple's stream declares, numbered as Storm's serializer numbers streams. */
class StreamFieldsTest {

    /** The streams of task 4, "pairs": Storm's own with their fields, and three of its own. */
    private static final Map<String, Fields> STREAMS = Map.of("two", new Fields("x", "y"), "one", new Fields("x"), "b",
            new Fields("p", "q", "r"), Acker.ACKER_INIT_STREAM_ID, new Fields("id", "init-val", "spout-task"),
            Acker.ACKER_FAIL_STREAM_ID, new Fields("id"), Constants.METRICS_STREAM_ID,
            new Fields("task-info", "data-points"), Constants.METRICS_TICK_STREAM_ID, new Fields("interval"),
            StormCommon.EVENTLOGGER_STREAM_ID, new Fields("component-id", "message-id", "ts", "values"));

    private static String register(String stormId, String mode) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.STORM_CLUSTER_MODE, mode);
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("pairs", new StreamsComponent(STREAMS));
        GeneralTopologyContext context = new GeneralTopologyContext(builder.createTopology(), conf, Map.of(4, "pairs"),
                Map.of("pairs", List.of(4)), Map.of("pairs", STREAMS), stormId);
        TaskDirectory.register(stormId, TopologyShape.of(context));
        return stormId;
    }

    /** A message from task 4 on {@code stream}, numbered as Storm's serializer numbers it: by name, from 1. */
    private static byte[] on(String stream) {
        return message(4, STREAMS.keySet().stream().sorted().toList().indexOf(stream) + 1);
    }

    private static byte[] message(int task, int stream) {
        Output out = new Output(8, -1);
        out.writeInt(task, true);
        out.writeInt(stream, true);
        out.writeInt(0, true);
        out.writeByte(1);
        return out.toBytes();
    }

    @Test
    void numbersStreamsInTheOrderOfTheirNamesFromOne() {
        String id = register("shapes-cluster", "distributed");
        assertEquals("tuple from task 4 (pairs) has 2 values, its stream declares 3 fields",
                StreamFields.problem(id, on("b"), values(2)));
        assertNull(StreamFields.problem(id, on("one"), values(1)));
        assertEquals("tuple from task 4 (pairs) has 1 values, its stream declares 2 fields",
                StreamFields.problem(id, on("two"), values(1)));
    }

    @Test
    void onAClusterOnlyTooFewValuesAreAProblemInLocalModeAnyOtherCount() {
        String cluster = register("shapes-distributed", "distributed");
        String local = register("shapes-local", "local");
        assertNull(StreamFields.problem(cluster, on("one"), values(2)));
        assertEquals("tuple from task 4 (pairs) has 2 values, its stream declares 1 fields",
                StreamFields.problem(local, on("one"), values(2)));
        assertNull(StreamFields.problem(local, on("one"), values(1)));
    }

    @Test
    void leavesWhatItCannotPlaceToTheHeaderCheck() {
        String id = register("shapes-unknown", "local");
        assertNull(StreamFields.problem("never-registered", message(4, 1), values(0)));
        assertNull(StreamFields.problem(id, message(9, 1), values(0)), "unknown task");
        assertNull(StreamFields.problem(id, message(4, STREAMS.size() + 1), values(0)), "unknown stream");
        assertNull(StreamFields.problem(id, new byte[] {(byte) 0x84}, values(0)), "malformed");
    }

    @Test
    void ackerStreamsCarryTheClassesStormCastsThemTo() {
        String id = register("shapes-acker", "distributed");
        byte[] init = on(Acker.ACKER_INIT_STREAM_ID);
        assertNull(StreamFields.problem(id, init, List.of(7L, -3L, 4)));
        assertEquals("tuple from task 4 (pairs) on an acker stream has String as value 1, not a Long",
                StreamFields.problem(id, init, List.of(7L, "x", 4)));
        assertEquals("tuple from task 4 (pairs) on an acker stream has Integer as value 0, not a Long",
                StreamFields.problem(id, init, List.of(7, 1L, 4)));
        assertEquals("tuple from task 4 (pairs) on __ack_init names spout task 9, not its own",
                StreamFields.problem(id, init, List.of(7L, 1L, 9)));
        assertEquals("tuple from task 4 (pairs) on __ack_init has Long as value 2, not an Integer",
                StreamFields.problem(id, init, List.of(7L, 1L, 4L)));
        byte[] fail = on(Acker.ACKER_FAIL_STREAM_ID);
        assertNull(StreamFields.problem(id, fail, List.of(7L)));
        assertEquals("tuple from task 4 (pairs) on an acker stream has null as value 0, not a Long",
                StreamFields.problem(id, fail, java.util.Arrays.asList((Object) null)));
        // A user's stream: any classes (its consumers' business).
        assertNull(StreamFields.problem(id, on("b"), List.of("a", 2, new Object())));
    }

    @Test
    void metricsCarryTaskInfoAndDataPointsAndTimerStreamsNeverCross() {
        String id = register("shapes-system", "distributed");
        IMetricsConsumer.TaskInfo info = new IMetricsConsumer.TaskInfo("host", 6700, "pairs", 4, 1L, 60);
        assertNull(StreamFields.problem(id, on(Constants.METRICS_STREAM_ID), List.of(info, List.of())));
        assertEquals("tuple from task 4 (pairs) on __metrics has String and ArrayList, not a TaskInfo and a Collection"
                + " of data points", StreamFields.problem(id, on(Constants.METRICS_STREAM_ID),
                List.of("info", new java.util.ArrayList<>())));
        assertEquals("tuple from task 4 (pairs) on a stream of Storm's that never leaves a worker (its timers' ticks"
                + " and flushes)", StreamFields.problem(id, on(Constants.METRICS_TICK_STREAM_ID), List.of(60)));
    }

    @Test
    void eventLogEntriesCarryATimeAndTheTuplesValues() {
        String id = register("shapes-eventlog", "distributed");
        byte[] entry = on(StormCommon.EVENTLOGGER_STREAM_ID);
        assertNull(StreamFields.problem(id, entry, List.of("pairs", 7L, 1_700_000_000_000L, List.of("a"))));
        assertEquals("tuple from task 4 (pairs) on __eventlog has String and ArrayList, not a time (Long) and the"
                + " tuple's values (List) as the third and fourth", StreamFields.problem(id, entry,
                List.of("pairs", 7L, "now", new java.util.ArrayList<>())));
    }

    private static List<Object> values(int count) {
        return java.util.Collections.nCopies(count, "v");
    }
}
