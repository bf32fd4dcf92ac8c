package dev.fluxext.run.report;

/**
 * A spout's complete latency (emit to the end of its tuple tree) over the tuples Storm sampled: Storm times a tuple
 * only when it samples it ({@code topology.stats.sample.rate}, 0.05 by default), and hands the time to the task
 * hook's {@code spoutAck}. A sample is unbiased, so its mean is the spout's mean complete latency.
 *
 * @param samples acked tuples Storm timed
 * @param totalMs their latencies added up, in milliseconds (Storm's resolution)
 */
public record CompleteLatency(long samples, long totalMs) {

    public static final CompleteLatency NONE = new CompleteLatency(0, 0);

    CompleteLatency plus(long moreSamples, long moreMs) {
        return new CompleteLatency(samples + moreSamples, totalMs + moreMs);
    }

    /** The samples taken since {@code earlier}. */
    CompleteLatency since(CompleteLatency earlier) {
        return new CompleteLatency(samples - earlier.samples, totalMs - earlier.totalMs);
    }

    /** Mean milliseconds, NaN without samples. */
    public double meanMs() {
        return samples == 0 ? Double.NaN : (double) totalMs / samples;
    }
}
