package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.junit.jupiter.api.Test;

class ComponentOrderTest {

    @Test
    void spoutsThenBoltsDownstreamThenUnreachedBolts() {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("z-source", new TestWordSpout());
        builder.setSpout("a-source", new TestWordSpout());
        builder.setBolt("sink", new TestWordCounter()).shuffleGrouping("middle").shuffleGrouping("a-source");
        builder.setBolt("middle", new TestWordCounter()).shuffleGrouping("z-source").shuffleGrouping("sink");
        builder.setBolt("b-lonely", new TestWordCounter());
        assertEquals(List.of("a-source", "z-source", "sink", "middle", "b-lonely"),
            ComponentOrder.of(builder.createTopology()));
    }
}
