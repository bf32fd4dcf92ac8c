package dev.fluxext.examples;

import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * The end of the accounted topology: checks each {@link AccountedParagraphSpout} tuple's text against its CRC-32,
 * writes {@code seen ID ok|corrupt PID} to its {@link Ledger} (PID: this worker process), then acks. Writing
 * before acking is what makes "acked" imply "seen": a tuple whose worker dies in between is replayed and seen
 * twice, never acked unseen.
 */
public class ChecksumSinkBolt extends BaseRichBolt {

    private static final long serialVersionUID = 1L;

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
        boolean intact = Ledger.checksum(input.getStringByField("paragraph")) == input.getLongByField("crc32");
        if (ledger != null) {
            ledger.record("seen " + input.getLongByField("id") + (intact ? " ok " : " corrupt ") + pid);
        }
        collector.ack(input);
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
