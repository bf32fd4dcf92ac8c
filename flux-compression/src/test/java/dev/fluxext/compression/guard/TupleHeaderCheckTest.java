package dev.fluxext.compression.guard;

import static dev.fluxext.compression.guard.GuardedCallbackTest.header;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.Constants;
import org.apache.storm.daemon.Acker;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;
import org.apache.storm.utils.ThriftTopologyUtils;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/** What a worker accepts of a message's header: its own tasks as destination, known senders, streams, anchors. */
class TupleHeaderCheckTest {

    // Tasks 1-2 "words" (3 streams), 3-4 "sink" (2 streams; it subscribes to all of words', its own and __system's),
    // -1 Storm's system task (1 stream); this worker: 2, 4, -1.
    final TupleHeaderCheck check = new TupleHeaderCheck(TopologyShape.of(fixture()), List.of(2, 4, -1));

    private static GeneralTopologyContext fixture() {
        Map<String, Map<String, Fields>> streams = Map.of(
                "words", Map.of("a", new Fields("a"), "b", new Fields("b"), "c", new Fields("c")),
                "sink", Map.of("x", new Fields("x"), "y", new Fields("y")),
                Constants.SYSTEM_COMPONENT_ID, Map.of(Utils.DEFAULT_STREAM_ID, new Fields("v")));
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new StreamsComponent(streams.get("words")));
        builder.setBolt(Constants.SYSTEM_COMPONENT_ID, new StreamsComponent(streams.get(Constants.SYSTEM_COMPONENT_ID)));
        builder.setBolt("sink", new StreamsComponent(streams.get("sink"))).allGrouping("words", "a")
                .allGrouping("words", "b").allGrouping("words", "c").allGrouping("sink", "x")
                .allGrouping("sink", "y").allGrouping(Constants.SYSTEM_COMPONENT_ID);
        return new GeneralTopologyContext(builder.createTopology(), new HashMap<>(Utils.readDefaultConfig()),
                Map.of(1, "words", 2, "words", 3, "sink", 4, "sink"), Map.of("words", List.of(1, 2), "sink",
                List.of(3, 4)), streams, "header-1");
    }

    @Test
    void aWellFormedTupleToOneOfThisWorkersTasksPasses() {
        assertNull(check.problem(4, header(1, 3, 0, 5)));
        assertNull(check.problem(4, header(3, 2, 2, 32 + 1)), "two anchors and a byte of values");
        assertNull(check.problem(4, header(-1, 1, 0, 1)), "Storm's system task, written as a 5-byte varint");
    }

    @Test
    void eachBadHeaderIsNamed() {
        assertEquals("message of 0 bytes to task 4, shorter than any tuple", check.problem(4, new byte[0]));
        assertEquals("message of 0 bytes to task 4, shorter than any tuple", check.problem(4, null));
        assertEquals("message to task 3, which is not a task of this worker", check.problem(3, header(1, 1, 0, 4)));
        assertEquals("message to task 999, which is not a task of this worker",
                check.problem(999, header(1, 1, 0, 4)));
        assertEquals("tuple from unknown task 5", check.problem(4, header(5, 1, 0, 4)));
        assertEquals("tuple from unknown task -2", check.problem(4, header(-2, 1, 0, 4)));
        assertEquals("tuple from unknown task (malformed)", check.problem(4, new byte[] {-1, -1, -1, -1, -1, 1}));
        assertEquals("tuple from task 3 (sink) on unknown stream 3", check.problem(4, header(3, 3, 0, 4)));
        assertEquals("tuple from task 3 (sink) on unknown stream 0", check.problem(4, header(3, 0, 0, 4)));
        assertEquals("tuple from task 1 declares 2 anchors, more than its 35 bytes hold",
                check.problem(4, header(1, 1, 2, 32)));
        assertNull(check.problem(4, new byte[] {1, 1, 0, 0}), "four bytes, the last the values, pass");
        assertEquals("message of 3 bytes to task 4, shorter than any tuple", check.problem(4, new byte[] {1, 1, 0}));
    }

    @Test
    void noByteForTheValuesAndAHugeAnchorCountAreRejected() {
        assertTrue(check.problem(4, header(1, 1, 0, 0)) != null);
        assertTrue(check.problem(4, header(1, 1, Integer.MAX_VALUE, 100)).contains("2147483647 anchors"));
        assertTrue(check.problem(4, header(1, 1, -1, 100)).contains("anchors"));
    }

    @Test
    void withoutTheWorkersTasksAnyDestinationIsLeftToStorm() {
        TupleHeaderCheck general = new TupleHeaderCheck(TopologyShape.of(fixture()), null);
        assertNull(general.problem(77, header(1, 1, 0, 2)));
        assertEquals("tuple from unknown task 5", general.problem(77, header(5, 1, 0, 2)));
    }

    /** Storm's topology as a worker runs it (ackers, metrics streams, __system added) with these tasks. */
    private static GeneralTopologyContext systemContext(StormTopology user, Map<Integer, String> tasks)
            throws Exception {
        return systemContext(user, tasks, Map.of());
    }

    private static GeneralTopologyContext systemContext(StormTopology user, Map<Integer, String> tasks,
                                                        Map<String, Object> extra) throws Exception {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_ACKER_EXECUTORS, 1);
        conf.putAll(extra);
        StormTopology topology = StormCommon.systemTopology(conf, user);
        Map<String, Map<String, Fields>> fields = new HashMap<>();
        Map<String, List<Integer>> byComponent = new HashMap<>();
        for (String id : ThriftTopologyUtils.getComponentIds(topology)) {
            Map<String, Fields> streams = new HashMap<>();
            ThriftTopologyUtils.getComponentCommon(topology, id).get_streams()
                    .forEach((stream, info) -> streams.put(stream, new Fields(info.get_output_fields())));
            fields.put(id, streams);
        }
        tasks.forEach((task, component) -> byComponent.computeIfAbsent(component, c -> new ArrayList<>()).add(task));
        return new GeneralTopologyContext(topology, conf, tasks, byComponent, fields, "subscriptions-1");
    }

    private static int stream(GeneralTopologyContext context, String component, String stream) {
        return TopologyShape.streamsInWireOrder(context, component).indexOf(stream) + 1;
    }

    @Test
    void aTupleToATaskThatDoesNotSubscribeToItsStreamIsRefused() throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new StreamsComponent(Map.of(Utils.DEFAULT_STREAM_ID,
                new Fields("word"), "other", new Fields("x"))));
        builder.setBolt("sink", new TestWordCounter()).shuffleGrouping("words");
        // As a worker's context lists them: Storm's system task (-1) not among them.
        GeneralTopologyContext context = systemContext(builder.createTopology(),
                Map.of(1, "words", 2, "sink", 3, Acker.ACKER_COMPONENT_ID));
        TupleHeaderCheck subscribed = TupleHeaderCheck.of(context);
        int wordsDefault = stream(context, "words", Utils.DEFAULT_STREAM_ID);

        assertNull(subscribed.problem(2, header(1, wordsDefault, 0, 4)));
        assertEquals("tuple from task 1 (words) on stream other to task 2 (sink), which does not subscribe to it",
                subscribed.problem(2, header(1, stream(context, "words", "other"), 0, 4)));
        // Storm's __system bolt throws on any tuple it is handed.
        assertEquals("tuple from task 1 (words) on stream default to task -1 (__system), which does not subscribe"
                + " to it", subscribed.problem(-1, header(1, wordsDefault, 0, 4)));
        assertTrue(subscribed.problem(2, header(1, stream(context, "words", Constants.METRICS_STREAM_ID), 0, 4))
                .contains("does not subscribe"), "no metrics consumer in this topology");
        // Storm's own subscriptions: spouts and bolts to the acker, the acker back to the spouts.
        assertNull(subscribed.problem(3, header(1, stream(context, "words", Acker.ACKER_INIT_STREAM_ID), 0, 4)));
        assertNull(subscribed.problem(3, header(2, stream(context, "sink", Acker.ACKER_ACK_STREAM_ID), 0, 4)));
        assertNull(subscribed.problem(1, header(3, stream(context, Acker.ACKER_COMPONENT_ID,
                Acker.ACKER_ACK_STREAM_ID), 0, 4)));
    }

    @Test
    void theSystemTasksMetricsReachAMetricsConsumerInAnotherWorker() throws Exception {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new StreamsComponent(Map.of(Utils.DEFAULT_STREAM_ID,
                new Fields("word"))));
        // Storm names a metrics consumer's component after its class.
        String consumer = Constants.METRICS_COMPONENT_ID_PREFIX + "org.apache.storm.metric.LoggingMetricsConsumer";
        Map<Integer, String> tasks = Map.of(1, "words", 2, Acker.ACKER_COMPONENT_ID, 3, consumer);
        GeneralTopologyContext context = systemContext(builder.createTopology(), tasks, Map.of(
                Config.TOPOLOGY_METRICS_CONSUMER_REGISTER, List.of(Map.of("class",
                        "org.apache.storm.metric.LoggingMetricsConsumer"))));
        TupleHeaderCheck check = TupleHeaderCheck.of(context);
        // Storm's __system (task -1 in every worker) sends its worker's metrics on __metrics.
        assertNull(check.problem(3, header(-1, stream(context, Constants.SYSTEM_COMPONENT_ID,
                Constants.METRICS_STREAM_ID), 0, 4)));
        assertNull(check.problem(3, header(1, stream(context, "words", Constants.METRICS_STREAM_ID), 0, 4)));
    }
}
