package dev.fluxext.examples;

import java.util.Map;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.ObjectReader;

/**
 * {@link ParagraphSpout} whose tuples can be accounted for: each carries its id (0, 1, 2, ...: paragraph
 * {@code id mod N} of the text, so the same id always has the same text) and the CRC-32 of its text (fields
 * {@code id}, {@code paragraph}, {@code crc32}). Failed or timed-out tuples are emitted again (same id, text
 * and checksum) until acked. With {@value Ledger#DIR_KEY} set, it writes {@code emit ID}, {@code fail ID} and
 * {@code ack ID} lines to its {@link Ledger}.
 *
 * <p>Pending tuples live in this spout's memory: if the worker running the spout dies, they are not replayed
 * (nor are they acked). Replay covers the loss of any other worker (a bolt's or an acker's).
 */
public class AccountedParagraphSpout extends ParagraphSpout {

    private static final long serialVersionUID = 1L;

    /** Topology config key: how many ids to emit, then only replays (0, the default: no end). */
    public static final String LIMIT_KEY = "examples.ledger.limit";
    /** Topology config key: at most this many new ids per second (0, the default: as fast as Storm asks). */
    public static final String RATE_KEY = "examples.ledger.rate";

    private transient Ledger ledger;
    private transient long limit;
    private transient long nanosPerTuple;
    private transient long nextDue;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        super.open(conf, context, collector);
        limit = ObjectReader.getInt(conf.get(LIMIT_KEY), 0);
        int rate = ObjectReader.getInt(conf.get(RATE_KEY), 0);
        nanosPerTuple = rate > 0 ? 1_000_000_000L / rate : 0;
        nextDue = System.nanoTime();
        ledger = Ledger.open(conf, "spout", context.getThisTaskId());
    }

    @Override
    protected boolean mayEmitNext(long id) {
        if (limit > 0 && id >= limit) {
            return false;
        }
        long now = System.nanoTime();
        if (now - nextDue < 0) {
            return false;
        }
        nextDue = Math.max(nextDue + nanosPerTuple, now - 1_000_000_000L);
        if (ledger != null) {
            ledger.record("emit " + id);
        }
        return true;
    }

    @Override
    protected Values valuesOf(long id, String text) {
        return new Values(id, text, Ledger.checksum(text));
    }

    @Override
    protected Fields outputFields() {
        return new Fields("id", fieldName(), "crc32");
    }

    @Override
    public void close() {
        Ledger.closeQuietly(ledger);
    }

    @Override
    public void ack(Object msgId) {
        super.ack(msgId);
        if (ledger != null) {
            ledger.record("ack " + msgId);
        }
    }

    @Override
    public void fail(Object msgId) {
        super.fail(msgId);
        if (ledger != null) {
            ledger.record("fail " + msgId);
        }
    }
}
