package dev.fluxext.compression.batch;

/**
 * Decides, for one connection, whether the next bundle is worth the codec. While the connection's compressed bundles
 * save at least {@code minSavingPercent} of their bytes the codec runs on every bundle; when the last {@link #WINDOW}
 * of them together saved less (incompressible traffic: random ids, payloads already compressed tuple by tuple), the
 * next {@link #SKIP} bundles go raw without it, then one bundle is compressed as a probe: if it saves enough the
 * connection compresses again, otherwise it skips another {@link #SKIP}. Counters only: no allocation, used under
 * the writer's lock.
 */
final class CompressionGate {

    /**
     * Bundles judged together: enough that one odd bundle (a lone large tuple among acks) does not decide, few enough
     * that a connection stops wasting the codec within a few milliseconds at the rates where it matters.
     */
    static final int WINDOW = 16;
    /**
     * Bundles sent raw before the next probe: the codec then runs on 1 bundle in {@value} + 1 of an incompressible
     * connection (under 2 % of its former cost), and a connection whose traffic turns compressible recovers after at
     * most {@value} bundles.
     */
    static final int SKIP = 64;

    private final int minSavingPercent;
    private long rawBytes;
    private long sentBytes;
    private int judged;
    private int skipLeft;
    private boolean probing;

    /** @param minSavingPercent 0 never skips */
    CompressionGate(int minSavingPercent) {
        this.minSavingPercent = minSavingPercent;
    }

    /** Whether to run the codec on the next bundle; a {@code false} counts towards the raw bundles owed. */
    boolean shouldCompress() {
        if (skipLeft > 0) {
            skipLeft--;
            return false;
        }
        return true;
    }

    /**
     * Records a bundle the codec ran on: {@code raw} bytes as a raw frame, {@code sent} the frame sent (at most
     * {@code raw}: a frame that does not shrink is sent raw).
     */
    void compressed(int raw, int sent) {
        rawBytes += raw;
        sentBytes += sent;
        judged++;
        if (probing || judged == WINDOW) {
            probing = (rawBytes - sentBytes) * 100 < (long) minSavingPercent * rawBytes;
            if (probing) {
                skipLeft = SKIP;
            }
            rawBytes = 0;
            sentBytes = 0;
            judged = 0;
        }
    }

}
