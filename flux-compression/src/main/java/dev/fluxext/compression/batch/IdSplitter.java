package dev.fluxext.compression.batch;

import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;

import dev.fluxext.compression.frame.FrameFormat;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Takes the ids out of a bundle's body before the codec sees it ({@link BundleIds}): each id in a message becomes a
 * token (varint): 1 for an id new to the bundle, whose 8 bytes go to the bundle's id section in order; 2 to
 * {@code 1 + RECENT} for one of the ids used last (2: the very last), else {@code 1 + RECENT} plus its distance back
 * among the bundle's distinct ids (1: the last new one); 0 for a number that does not look like a random id
 * ({@link #looksRandom}), whose 8 bytes stay in place after the token, for the codec. Every id used moves to the front of the recent ones. Why both:
 * a paragraph's root id comes again in each of its word tuples with new edge ids in between, so its distance grows
 * while its place among the recent ids stays; an event's ids come again in its acker tuples hundreds of ids later.
 * Tokens that repeat are what the codec shrinks. Each message's task varint carries a flag in its lowest bit: 1 if
 * its ids were taken out, 0 if it goes as it is. References never leave the bundle, so every frame stands alone.
 * One splitter per connection's writer, its buffers and table reused; it runs on the worker's transfer thread, so
 * it copies each byte once and calls nothing per id.
 */
// Public for the benchmarks module (dev.fluxext.benchmarks) only: transport internals, not API.
public final class IdSplitter {

    /**
     * How many of the most recently used ids a token names by their place (tokens 1 to this). A paragraph's root id,
     * anchoring each of its word tuples, is always there; 4 to 32 took the same bytes on captured traffic.
     */
    static final int RECENT = 4;
    /** The token of an id left in place: its 8 bytes follow the token, in the codec's input. */
    static final int LITERAL = 0;
    /** The token of an id new to the bundle; the recent ones follow it, then the distances back. */
    static final int NEW = 1;
    /** Ids as Storm writes them (Kryo 5's {@code Output.writeLong}): 8 bytes, little-endian. */
    public static final VarHandle IDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] out = new byte[0];
    private int outEnd;
    private byte[] ids = new byte[0];
    private int idsEnd;
    /** The current message's tokens, found before it is written (its length goes first). */
    private int[] tokens = new int[64];
    /** The bundle's most recently used ids, the last one first. */
    private final long[] recent = new long[RECENT];
    private int recentCount;
    /** Open addressing, long id -> its index among the bundle's distinct ids; a slot is taken when its stamp is. */
    private long[] keys = new long[1024];
    private int[] indexes = new int[1024];
    private int[] stamps = new int[1024];
    private int stamp;
    private int distinct;
    private final boolean idsInValues;

    /** @param idsInValues whether the values' {@code Long}s go apart too (the topology's values carry the mask) */
    public IdSplitter(boolean idsInValues) {
        this.idsInValues = idsInValues;
    }

    /**
     * Splits the body {@code in[from, to)} (count, then task, length and payload per message, as
     * {@link BatchWriter} writes it) into {@link #body} and {@link #ids}.
     *
     * @return false if a message's task is not one a reader accepts (then the body is sent as it is)
     */
    public boolean split(byte[] in, int from, int to) {
        long count = BatchFormat.readVarInt(in, from, to);
        // A token is shorter than the id it replaces, but a number left in place takes a byte more (its token):
        // at most an eighth more, and per message a byte more for the task's flag and one for a longer length.
        out = FrameFormat.grow(out, to - from + (to - from) / 8 + 2 * varIntValue(count) + 8,
                Integer.MAX_VALUE - 8);
        ids = FrameFormat.grow(ids, to - from, Integer.MAX_VALUE - 8);
        idsEnd = 0;
        distinct = 0;
        recentCount = 0;
        if (++stamp == 0) {
            Arrays.fill(stamps, 0);
            stamp = 1;
        }
        outEnd = BatchFormat.writeVarInt(out, 0, varIntValue(count));
        int pos = varIntEnd(count);
        for (int i = 0; i < varIntValue(count); i++) {
            long task = BatchFormat.readVarInt(in, pos, to);
            if (task < 0 || varIntValue(task) > Short.MAX_VALUE) {
                return false;
            }
            long length = BatchFormat.readVarInt(in, varIntEnd(task), to);
            pos = varIntEnd(length);
            int end = pos + varIntValue(length);
            if (!strip(varIntValue(task), in, pos, end)) {
                outEnd = BatchFormat.writeVarInt(out, outEnd, varIntValue(task) << 1);
                outEnd = BatchFormat.writeVarInt(out, outEnd, end - pos);
                System.arraycopy(in, pos, out, outEnd, end - pos);
                outEnd += end - pos;
            }
            pos = end;
        }
        return true;
    }

    /** The split body: {@code body()[0, bodyLength())}. */
    public byte[] body() {
        return out;
    }

    public int bodyLength() {
        return outEnd;
    }

    /** The id section: 8 bytes, as in the message, per id new to the bundle, in order. */
    public byte[] ids() {
        return ids;
    }

    public int idsLength() {
        return idsEnd;
    }

    /**
     * Writes the message {@code in[pos, end)} to task {@code task} with tokens for its ids, flagged.
     *
     * @return false if the message does not follow the rule (nothing was written or recorded: it goes as it is)
     */
    private boolean strip(int task, byte[] in, int pos, int end) {
        int countAt = BundleIds.anchorCountAt(in, pos, end);
        long anchors = countAt < 0 ? -1 : BatchFormat.readVarInt(in, countAt, end);
        if (anchors < 0 || varIntValue(anchors) > (end - varIntEnd(anchors)) / 16) {
            return false;
        }
        int anchorIds = varIntEnd(anchors);
        int valuesAt = anchorIds + 16 * varIntValue(anchors);
        long header = idsInValues ? BundleIds.valuesHeader(in, valuesAt, end) : 0;
        int longs = BundleIds.longs(header);
        int longIds = BundleIds.afterHeader(header);
        int afterIds = longIds + 8 * longs;
        if (afterIds > end) {
            return false;
        }
        int anchorCount = 2 * varIntValue(anchors);
        int idCount = anchorCount + longs;
        if (tokens.length < idCount) {
            tokens = new int[Math.max(idCount, 2 * tokens.length)];
        }
        int tokenBytes = tokenize(in, anchorIds, 0, anchorCount) + tokenize(in, longIds, anchorCount, longs);
        int length = end - pos - 8 * idCount + tokenBytes;
        outEnd = BatchFormat.writeVarInt(out, outEnd, task << 1 | 1);
        outEnd = BatchFormat.writeVarInt(out, outEnd, length);
        copy(in, pos, anchorIds);
        writeTokens(in, anchorIds, 0, anchorCount);
        if (header != 0) {
            copy(in, valuesAt, longIds);
            writeTokens(in, longIds, anchorCount, longs);
            copy(in, afterIds, end);
        } else {
            copy(in, valuesAt, end);
        }
        return true;
    }

    private void copy(byte[] in, int from, int to) {
        System.arraycopy(in, from, out, outEnd, to - from);
        outEnd += to - from;
    }

    /**
     * The tokens of the {@code n} ids at {@code in[from]} into {@link #tokens} from {@code at}; new ids to the id
     * section.
     *
     * @return the bytes the tokens take
     */
    private int tokenize(byte[] in, int from, int at, int n) {
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            long id = (long) IDS.get(in, from + 8 * i);
            int token;
            if (!looksRandom(id)) {
                token = LITERAL;
                bytes += 8;
            } else {
                token = recentToken(id);
                if (token == 0) {
                    int seen = find(id);
                    if (seen < 0) {
                        IDS.set(ids, idsEnd, id);
                        idsEnd += 8;
                        token = NEW;
                    } else {
                        token = NEW + RECENT + distinct - seen;
                    }
                    recentCount = BundleIds.toFront(recent, recentCount, Math.min(recentCount, RECENT - 1), id);
                } else {
                    token += NEW;
                }
            }
            tokens[at + i] = token;
            bytes += FrameFormat.varIntLength(token);
        }
        return bytes;
    }

    /**
     * Whether {@code id} may be one of Storm's random ids: its top byte is neither 0 nor -1 (of random ids, all but
     * 1 in 128). Small numbers (counts, times, sequence numbers) stay in the codec's input, which shrinks them.
     */
    public static boolean looksRandom(long id) {
        long top = id >> 56;
        return top != 0 && top != -1;
    }

    private void writeTokens(byte[] in, int from, int at, int n) {
        for (int i = 0; i < n; i++) {
            int token = tokens[at + i];
            outEnd = BatchFormat.writeVarInt(out, outEnd, token);
            if (token == LITERAL) {
                IDS.set(out, outEnd, (long) IDS.get(in, from + 8 * i));
                outEnd += 8;
            }
        }
    }

    /** The id's place among the most recent ones (1: the last one used), moved to the front; 0 if not there. */
    private int recentToken(long id) {
        for (int p = 0; p < recentCount; p++) {
            if (recent[p] == id) {
                recentCount = BundleIds.toFront(recent, recentCount, p, id);
                return p + 1;
            }
        }
        return 0;
    }


    /** The id's index among the bundle's distinct ids, or -1 after adding it as the next one. */
    private int find(long id) {
        if (2 * (distinct + 1) > keys.length) {
            rehash();
        }
        int mask = keys.length - 1;
        int slot = hash(id) & mask;
        while (stamps[slot] == stamp) {
            if (keys[slot] == id) {
                return indexes[slot];
            }
            slot = (slot + 1) & mask;
        }
        stamps[slot] = stamp;
        keys[slot] = id;
        indexes[slot] = distinct++;
        return -1;
    }

    private void rehash() {
        long[] oldKeys = keys;
        int[] oldIndexes = indexes;
        int[] oldStamps = stamps;
        keys = new long[oldKeys.length * 2];
        indexes = new int[keys.length];
        stamps = new int[keys.length];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldStamps[i] == stamp) {
                int slot = hash(oldKeys[i]) & mask;
                while (stamps[slot] == stamp) {
                    slot = (slot + 1) & mask;
                }
                stamps[slot] = stamp;
                keys[slot] = oldKeys[i];
                indexes[slot] = oldIndexes[i];
            }
        }
    }

    private static int hash(long id) {
        long h = id * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }
}
