package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.esotericsoftware.kryo.io.Output;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** The fields a received tuple's stream declares, numbered as Storm's serializer numbers streams. */
class StreamFieldsTest {

    /** Task 4 of "pairs", whose streams are "one" (1 field) and "two" (2 fields), and "b" (3) before them. */
    private static String register(String stormId, String mode) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.STORM_CLUSTER_MODE, mode);
        Map<String, Fields> streams = Map.of("two", new Fields("x", "y"), "one", new Fields("x"), "b",
                new Fields("p", "q", "r"));
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("pairs", new StreamsSpout(streams));
        GeneralTopologyContext context = new GeneralTopologyContext(builder.createTopology(), conf, Map.of(4, "pairs"),
                Map.of("pairs", List.of(4)), Map.of("pairs", streams), stormId);
        StreamFields.register(stormId, context);
        TaskDirectory.register(stormId, Map.of(4, "pairs"));
        return stormId;
    }

    static final class StreamsSpout extends BaseRichSpout {
        private final Map<String, Fields> streams;

        StreamsSpout(Map<String, Fields> streams) {
            this.streams = streams;
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            streams.forEach(declarer::declareStream);
        }
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
                StreamFields.problem(id, message(4, 1), 2)); // "b"
        assertNull(StreamFields.problem(id, message(4, 2), 1)); // "one"
        assertEquals("tuple from task 4 (pairs) has 1 values, its stream declares 2 fields",
                StreamFields.problem(id, message(4, 3), 1)); // "two"
    }

    @Test
    void onAClusterOnlyTooFewValuesAreAProblemInLocalModeAnyOtherCount() {
        String cluster = register("shapes-distributed", "distributed");
        String local = register("shapes-local", "local");
        assertNull(StreamFields.problem(cluster, message(4, 2), 2));
        assertEquals("tuple from task 4 (pairs) has 2 values, its stream declares 1 fields",
                StreamFields.problem(local, message(4, 2), 2));
        assertNull(StreamFields.problem(local, message(4, 2), 1));
    }

    @Test
    void leavesWhatItCannotPlaceToTheHeaderCheck() {
        String id = register("shapes-unknown", "local");
        assertNull(StreamFields.problem("never-registered", message(4, 1), 0));
        assertNull(StreamFields.problem(id, message(9, 1), 0), "unknown task");
        assertNull(StreamFields.problem(id, message(4, 4), 0), "unknown stream");
        assertNull(StreamFields.problem(id, new byte[] {(byte) 0x84}, 0), "malformed");
    }
}
