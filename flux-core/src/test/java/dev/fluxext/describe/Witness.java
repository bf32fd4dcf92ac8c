package dev.fluxext.describe;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.BasicOutputCollector;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseBasicBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;

/** Components that record what flux does to them: being loaded, constructed or deserialized. */
public final class Witness {

    /** Incremented by {@link StaticInitSpout}'s static initializer: its class was initialized. */
    public static final AtomicInteger STATIC_INITS = new AtomicInteger();
    /** Incremented each time a {@link CountedBolt} is deserialized. */
    public static final AtomicInteger DESERIALIZED = new AtomicInteger();

    private Witness() {
    }

    /** A spout whose constructor throws: it can be drawn, never built. */
    public static class ThrowingSpout extends BaseRichSpout {
        private static final long serialVersionUID = 1L;

        public ThrowingSpout() {
            throw new IllegalStateException("constructed");
        }

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        }

        @Override
        public void nextTuple() {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word"));
        }
    }

    /** A spout whose class, once initialized, says so. */
    public static class StaticInitSpout extends ThrowingSpout {
        private static final long serialVersionUID = 1L;

        static {
            STATIC_INITS.incrementAndGet();
        }
    }

    /** An IBasicBolt (Storm wraps it in BasicBoltExecutor) that counts its deserializations. */
    public static class CountedBolt extends BaseBasicBolt {
        private static final long serialVersionUID = 1L;

        @Override
        public void execute(Tuple input, BasicOutputCollector collector) {
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("word", "count"));
            declarer.declareStream("errors", new Fields("error"));
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            DESERIALIZED.incrementAndGet();
        }
    }
}
