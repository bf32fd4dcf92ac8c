package dev.fluxext.examples;

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
 * The end of an accounted topology: checks each tuple ({@link #seen}), writes {@code seen ID ok|corrupt PID} to
 * its {@link Ledger} (PID: this worker process), then acks. Writing before acking makes "acked" imply "seen": a
 * tuple whose worker dies in between is replayed and seen twice, never acked unseen; a tuple whose line cannot be
 * written is failed, so the spout replays it.
 */
public abstract class LedgerSinkBolt extends BaseRichBolt {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(LedgerSinkBolt.class);

    /** What the sink found in a tuple: the id it names and whether its content matches its checksum. */
    public record Seen(long id, boolean intact) {
    }

    private transient OutputCollector collector;
    private transient Ledger ledger;
    private transient long pid;

    /** The tuple's id and verdict. */
    protected abstract Seen seen(Tuple input);

    @Override
    public final void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.ledger = Ledger.open(conf, "sink", context.getThisTaskId());
        this.pid = ProcessHandle.current().pid();
    }

    @Override
    public final void execute(Tuple input) {
        Seen seen = seen(input);
        if (ledger != null) {
            try {
                ledger.record("seen " + seen.id() + (seen.intact() ? " ok " : " corrupt ") + pid);
            } catch (UncheckedIOException e) {
                LOG.warn("tuple {} not written to the ledger, failed for a replay", seen.id(), e);
                collector.fail(input);
                return;
            }
        }
        collector.ack(input);
    }

    @Override
    public final void cleanup() {
        Ledger.closeQuietly(ledger);
    }

    @Override
    public final void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink: emits nothing
    }
}
