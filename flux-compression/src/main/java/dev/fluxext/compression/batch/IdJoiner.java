package dev.fluxext.compression.batch;

import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;

import dev.fluxext.compression.frame.FrameRejectedException;
import java.util.Arrays;

/**
 * Puts a bundle's ids back into its messages ({@link IdSplitter} took them out): each token of a flagged message
 * becomes the next id of the frame's id section (token 0) or an id the bundle carried before (by its place among
 * the recent ids, or its distance back among the distinct ones). Every token is checked before its id is written,
 * and a message is rebuilt in a reused buffer that never grows past what the frame may still take: a reference to
 * no id, an id section too short or left over, a message that does not follow {@link BundleIds}' rule, or messages
 * that would take more than the cap reject the frame. One joiner per reader, reused.
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
    /** The message being rebuilt, and the bytes it may take. */
    private byte[] scratch = new byte[256];
    private int size;
    private long room;
    private final boolean idsInValues;

    /** @param idsInValues whether the values' {@code Long}s went apart too ({@link IdSplitter}'s setting) */
    IdJoiner(boolean idsInValues) {
        this.idsInValues = idsInValues;
    }

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
        int countAt = BundleIds.anchorCountAt(in, pos, end);
        long anchors = countAt < 0 ? -1 : BatchFormat.readVarInt(in, countAt, end);
        if (anchors < 0 || varIntValue(anchors) > (end - varIntEnd(anchors)) / 2) {
            throw new FrameRejectedException("batch frame message's anchors are malformed or more than its bytes hold");
        }
        this.room = room;
        size = 0;
        copy(in, pos, varIntEnd(anchors));
        int p = tokens(in, varIntEnd(anchors), 2 * varIntValue(anchors), end);
        long header = idsInValues ? BundleIds.valuesHeader(in, p, end) : 0;
        if (header != 0) {
            copy(in, p, BundleIds.afterHeader(header));
            p = tokens(in, BundleIds.afterHeader(header), BundleIds.longs(header), end);
        }
        copy(in, p, end);
        return Arrays.copyOf(scratch, size);
    }

    /** Throws unless every id of the section was used. */
    void finish() {
        if (next != sectionEnd) {
            throw new FrameRejectedException("batch frame's id section has " + (sectionEnd - next) / 8
                    + " ids no message uses");
        }
    }

    private void copy(byte[] in, int from, int to) {
        ensure(to - from);
        System.arraycopy(in, from, scratch, size, to - from);
        size += to - from;
    }

    /** Room for {@code n} more bytes of the message: within what the frame may take, the buffer grown to it. */
    private void ensure(long n) {
        if (size + n > room) {
            throw new FrameRejectedException("batch frame's messages with their ids take more than the cap");
        }
        if (size + n > scratch.length) {
            // Keeps the message so far (FrameFormat.grow does not copy); doubling, but never past the room.
            scratch = Arrays.copyOf(scratch, (int) Math.min(Math.max(size + n, 2L * scratch.length),
                    Math.min(room, Integer.MAX_VALUE - 8)));
        }
    }

    /** Reads {@code count} tokens from {@code in[p, end)}, writing their ids; returns the position after them. */
    private int tokens(byte[] in, int p, int count, int end) {
        ensure(8L * count); // each token, a number in place or an id, becomes 8 bytes: one check for all
        for (int i = 0; i < count; i++) {
            long token = BatchFormat.readVarInt(in, p, end);
            if (token < 0) {
                throw new FrameRejectedException("batch frame message's id token is malformed or cut short");
            }
            p = varIntEnd(token);
            if (varIntValue(token) == IdSplitter.LITERAL) {
                if (p + 8 > end) {
                    throw new FrameRejectedException("batch frame message's number in place is cut short");
                }
                IdSplitter.IDS.set(scratch, size, (long) IdSplitter.IDS.get(in, p));
                size += 8;
                p += 8;
            } else {
                IdSplitter.IDS.set(scratch, size, id(varIntValue(token) - IdSplitter.NEW));
                size += 8;
            }
        }
        return p;
    }

    /** The id a token stands for (less {@link IdSplitter#NEW}: 0 a new id), checked. */
    private long id(int token) {
        long id;
        if (token == 0) {
            if (next + 8 > sectionEnd) {
                throw new FrameRejectedException("batch frame's messages use more ids than its id section holds");
            }
            id = (long) IdSplitter.IDS.get(section, next);
            next += 8;
            if (known == distinct.length) {
                distinct = Arrays.copyOf(distinct, 2 * distinct.length); // at most an entry per 8 bytes of frame
            }
            distinct[known++] = id;
        } else if (token <= IdSplitter.RECENT) {
            if (token > recentCount) {
                throw new FrameRejectedException("batch frame message refers to recent id " + token + " of "
                        + recentCount);
            }
            id = recent[token - 1];
            recentCount = BundleIds.toFront(recent, recentCount, token - 1, id);
            return id;
        } else {
            int back = token - IdSplitter.RECENT;
            if (back > known) {
                throw new FrameRejectedException("batch frame message refers to an id " + back + " back, of " + known);
            }
            id = distinct[known - back];
        }
        recentCount = BundleIds.toFront(recent, recentCount, Math.min(recentCount, IdSplitter.RECENT - 1), id);
        return id;
    }

}
