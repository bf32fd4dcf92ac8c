package dev.fluxext.examples;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;

/**
 * Emits pieces of a bundled text over and over, reliably: every tuple carries a message id, stays pending until
 * Storm acks it, and is emitted again (same id, same text) when it fails or times out. Set
 * {@code topology.max.spout.pending} to bound how many are in flight. Pending tuples are kept only in this
 * spout's memory: when its worker dies, those in flight are neither acked nor replayed, and the new instance
 * starts over at the beginning of the text.
 */
public abstract class CyclingTextSpout extends BaseRichSpout {

    private static final long serialVersionUID = 1L;

    private String resource = BundledText.DEFAULT_RESOURCE;

    private transient SpoutOutputCollector collector;
    private transient List<String> texts;
    private transient Map<Long, String> pending;
    private transient Queue<Long> replays;
    private transient long nextId;
    private transient int nextIndex;

    /** Classpath resource to read (Flux property {@code resource}); defaults to {@link BundledText#DEFAULT_RESOURCE}. */
    public void setResource(String resource) {
        this.resource = resource;
    }

    /** The pieces of the text this spout emits, in order. */
    protected abstract List<String> piecesOf(BundledText text);

    /** What this spout emits, in order: by default {@link #piecesOf} the text resource. */
    protected List<String> pieces() {
        return piecesOf(BundledText.fromResource(resource));
    }

    /** Name of the one output field. */
    protected abstract String fieldName();

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        this.texts = pieces();
        if (texts.isEmpty()) {
            throw new IllegalStateException("text resource " + resource + " holds no text to emit");
        }
        this.pending = new HashMap<>();
        this.replays = new ArrayDeque<>();
    }

    @Override
    public void nextTuple() {
        Long replay = replays.poll();
        if (replay != null) {
            collector.emit(valuesOf(replay, pending.get(replay)), replay);
            return;
        }
        if (!mayEmitNext(nextId)) {
            return;
        }
        String text = texts.get(nextIndex);
        nextIndex = (nextIndex + 1) % texts.size();
        long id = nextId++;
        pending.put(id, text);
        collector.emit(valuesOf(id, text), id);
    }

    @Override
    public void ack(Object msgId) {
        pending.remove(msgId);
    }

    @Override
    public void fail(Object msgId) {
        if (pending.containsKey(msgId)) {
            replays.add((Long) msgId);
        }
    }

    /**
     * Asked once before each new id (0, 1, 2, ... without gaps) is emitted: true emits it now, false asks again on
     * the next call. Replays are not asked.
     */
    protected boolean mayEmitNext(long id) {
        return true;
    }

    /** The tuple for a piece of text; the same id always comes with the same text. */
    protected Values valuesOf(long id, String text) {
        return new Values(text);
    }

    /** The fields of {@link #valuesOf}. */
    protected Fields outputFields() {
        return new Fields(fieldName());
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(outputFields());
    }
}
