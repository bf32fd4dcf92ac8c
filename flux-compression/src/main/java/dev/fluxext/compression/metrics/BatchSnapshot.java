package dev.fluxext.compression.metrics;

/**
 * One connection's batch-compression figures at a moment (see {@link BatchCounters} for what the sizes count).
 *
 * @param batches     frames sent
 * @param messages    messages in them
 * @param bytesBefore wire bytes the messages would have taken unbundled
 * @param bytesAfter  wire bytes their frames took
 * @param rejected    received frames rejected (counted under the receiving side's name)
 * @param nanos       time spent bundling and compressing
 * @param skipped     frames among {@code batches} sent raw without calling the codec: below {@code minBatchBytes},
 *                    or while the connection's bundles did not shrink enough ({@code minSavingPercent})
 */
public record BatchSnapshot(long batches, long messages, long bytesBefore, long bytesAfter, long rejected,
                            long nanos, long skipped) {

    /** bytesAfter / bytesBefore, 1 when nothing was sent. */
    public double ratio() {
        return bytesBefore == 0 ? 1.0 : (double) bytesAfter / bytesBefore;
    }
}
