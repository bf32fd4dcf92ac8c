package dev.fluxext.run.report;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.Utils;

/** Components of {@code counts.yaml}: every kind of event Storm's statistics count (acks, fails, fan-out, direct emits). */
final class CountedTopology {

    private CountedTopology() {
    }

    /** Numbers with message ids, one per millisecond at most; also each tenth, direct, to the sink's first task. */
    public static final class NumberSpout extends BaseRichSpout {
        private SpoutOutputCollector collector;
        private int sinkTask;
        private long next;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            this.collector = collector;
            this.sinkTask = context.getComponentTasks("sink").get(0);
        }

        @Override
        public void nextTuple() {
            Utils.sleep(1);
            long n = next++;
            collector.emit(new Values(n), n);
            if (n % 10 == 0) {
                collector.emitDirect(sinkTask, "direct", new Values(n));
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
            declarer.declareStream("direct", true, new Fields("n"));
        }
    }

    /** Fails every seventh number, passes the others on anchored and acks them. */
    public static final class SometimesFailingBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            if (input.getLong(0) % 7 == 0) {
                collector.fail(input);
                return;
            }
            collector.emit(input, new Values(input.getLong(0)));
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
            declarer.declare(new Fields("n"));
        }
    }

    /** Acks what it executes. */
    public static final class SinkBolt extends BaseRichBolt {
        private OutputCollector collector;

        @Override
        public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
            this.collector = collector;
        }

        @Override
        public void execute(Tuple input) {
            collector.ack(input);
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }
}
