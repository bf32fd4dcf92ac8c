package dev.fluxext.examples.kafka;

import dev.fluxext.examples.Ledger;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The end of the Kafka example: checks each record from Storm's KafkaSpout (its default fields, {@code key} and
 * {@code value} among them; see {@link RecordValue}), writes {@code seen ID ok|corrupt PID} to its {@link Ledger}
 * (the accounted example's format; PID: this worker process), then acks. Writing before acking makes "acked"
 * imply "seen"; a record whose line cannot be written is failed, so the spout replays it. A value of another
 * shape counts as corrupt under the record's key (or -1 when the key is no id either).
 */
public class RecordSinkBolt extends BaseRichBolt {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(RecordSinkBolt.class);

    private transient OutputCollector collector;
    private transient Ledger ledger;
    private transient long pid;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.ledger = Ledger.open(conf, "sink", context.getThisTaskId());
        this.pid = ProcessHandle.current().pid();
    }

    @Override
    public void execute(Tuple input) {
        RecordValue.Checked checked = RecordValue.check(input.getStringByField("value"))
                .orElseGet(() -> new RecordValue.Checked(idOfKey(input.getStringByField("key")), false));
        if (ledger != null) {
            try {
                ledger.record("seen " + checked.id() + (checked.intact() ? " ok " : " corrupt ") + pid);
            } catch (UncheckedIOException e) {
                LOG.warn("record {} not written to the ledger, failed for a replay", checked.id(), e);
                collector.fail(input);
                return;
            }
        }
        collector.ack(input);
    }

    private static long idOfKey(String key) {
        try {
            return Long.parseLong(key);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    @Override
    public void cleanup() {
        Ledger.closeQuietly(ledger);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink: emits nothing
    }
}
