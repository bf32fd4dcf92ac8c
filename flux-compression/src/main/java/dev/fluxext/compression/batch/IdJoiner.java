package dev.fluxext.compression.batch;

import dev.fluxext.compression.frame.FrameRejectedException;
import java.util.Arrays;

/**
 * Puts a bundle's ids back into its messages ({@link IdSplitter} took them out): each token of a flagged message
 * becomes the next id of the frame's id section (token 0) or an id the bundle carried before (by its place among
 * the recent ids, or its distance back among the distinct ones). Every token is checked before a byte is written: a reference to no id, an id section
 * too short or left over, or a message that does not follow {@link BundleIds}' rule rejects the frame. One joiner
 * per reader, reused.
 */
final class IdJoiner {

    private long[] distinct = new long[256];
    private int known;
    /** The frame's most recently used ids, the last one first ({@link IdSplitter}'s order). */
    private final long[] recent = new long[IdSplitter.RECENT];
    private int recentCount;
    private byte[] section;
    private int next;
    private int sectionEnd;
    /** The current walk: its output (null while measuring), size so far, distinct ids and section position. */
    private byte[] walkOut;
    private int walkSize;
    private int walkKnown;
    private int walkNext;
    private int walkRecent;

    /** Starts a frame whose id section is {@code frame[from, to)}, a multiple of 8 bytes. */
    void start(byte[] frame, int from, int to) {
        if ((to - from) % 8 != 0) {
            throw new FrameRejectedException("batch frame's id section holds " + (to - from)
                    + " bytes, not whole 8-byte ids");
        }
        section = frame;
        next = from;
        sectionEnd = to;
        known = 0;
        recentCount = 0;
    }

    /**
     * The message {@code in[pos, end)} with its ids back in.
     *
     * @param room the bytes the frame's messages may still take (the reader's cap)
     */
    byte[] join(byte[] in, int pos, int end, long room) {
        int size = walk(in, pos, end, null);
        if (size > room) {
            throw new FrameRejectedException("batch frame's messages with their ids take more than the cap");
        }
        byte[] message = new byte[size];
        walk(in, pos, end, message);
        return message;
    }

    /** Throws unless every id of the section was used. */
    void finish() {
        if (next != sectionEnd) {
            throw new FrameRejectedException("batch frame's id section has " + (sectionEnd - next) / 8
                    + " ids no message uses");
        }
    }

    /**
     * Walks the message's tokens: with {@code out} null only checks them and measures the message; else writes it
     * there and takes its new ids.
     */
    private int walk(byte[] in, int pos, int end, byte[] out) {
        int countAt = BundleIds.anchorCountAt(in, pos, end);
        long anchors = countAt < 0 ? -1 : BatchFormat.readVarInt(in, countAt, end);
        if (anchors < 0 || BatchFormat.value(anchors) > (end - BatchFormat.position(anchors)) / 2) {
            throw new FrameRejectedException("batch frame message's anchors are malformed or more than its bytes hold");
        }
        walkOut = out;
        walkSize = 0;
        walkKnown = known;
        walkNext = next;
        walkRecent = recentCount;
        copy(in, pos, BatchFormat.position(anchors));
        int p = tokens(in, BatchFormat.position(anchors), 2 * BatchFormat.value(anchors), end);
        long header = BundleIds.valuesHeader(in, p, end);
        if (header != 0) {
            copy(in, p, BundleIds.afterHeader(header));
            p = tokens(in, BundleIds.afterHeader(header), BundleIds.longs(header), end);
        }
        copy(in, p, end);
        if (out != null) {
            known = walkKnown;
            next = walkNext;
            recentCount = walkRecent;
        }
        return walkSize;
    }

    private void copy(byte[] in, int from, int to) {
        if (walkOut != null) {
            System.arraycopy(in, from, walkOut, walkSize, to - from);
        }
        walkSize += to - from;
    }

    /** Reads {@code count} tokens from {@code in[p, end)}, writing their ids; returns the position after them. */
    private int tokens(byte[] in, int p, int count, int end) {
        for (int i = 0; i < count; i++) {
            long token = BatchFormat.readVarInt(in, p, end);
            if (token < 0) {
                throw new FrameRejectedException("batch frame message's id token is malformed or cut short");
            }
            p = BatchFormat.position(token);
            int t = BatchFormat.value(token);
            long id = 0;
            if (t == 0) {
                if (walkNext + 8 > sectionEnd) {
                    throw new FrameRejectedException("batch frame's messages use more ids than its id section holds");
                }
                if (walkOut != null) {
                    id = IdSplitter.readLong(section, walkNext);
                    remember(walkKnown, id);
                    pushRecent(Math.min(walkRecent, IdSplitter.RECENT - 1), id);
                }
                walkNext += 8;
                walkKnown++;
                walkRecent = Math.min(walkRecent + 1, IdSplitter.RECENT);
            } else if (t <= IdSplitter.RECENT) {
                if (t > walkRecent) {
                    throw new FrameRejectedException("batch frame message refers to recent id " + t + " of "
                            + walkRecent);
                }
                if (walkOut != null) {
                    id = recent[t - 1];
                    pushRecent(t - 1, id);
                }
            } else {
                int back = t - IdSplitter.RECENT;
                if (back > walkKnown) {
                    throw new FrameRejectedException("batch frame message refers to an id " + back + " back, of "
                            + walkKnown);
                }
                if (walkOut != null) {
                    id = distinct[walkKnown - back];
                    pushRecent(Math.min(walkRecent, IdSplitter.RECENT - 1), id);
                }
                walkRecent = Math.min(walkRecent + 1, IdSplitter.RECENT);
            }
            if (walkOut != null) {
                writeLong(walkOut, walkSize, id);
            }
            walkSize += 8;
        }
        return p;
    }

    /** Puts {@code id} first among the recent ids, moving the {@code before} ones before it down. */
    private void pushRecent(int before, long id) {
        System.arraycopy(recent, 0, recent, 1, before);
        recent[0] = id;
    }

    private void remember(int index, long id) {
        if (index == distinct.length) {
            distinct = Arrays.copyOf(distinct, 2 * distinct.length);
        }
        distinct[index] = id;
    }

    private static void writeLong(byte[] out, int p, long v) {
        for (int i = 7; i >= 0; i--) {
            out[p + i] = (byte) v;
            v >>>= 8;
        }
    }
}
