package dev.fluxext.compression.metrics;

/**
 * One component's compression figures at a moment.
 *
 * @param codec            the codec the component's serializer uses ({@code none} if it does not compress;
 *                         empty when the component only shows up as the sender of rejected frames)
 * @param tuplesCompressed tuples sent compressed
 * @param tuplesRaw        tuples sent raw (codec none, at or below the threshold, or not smaller compressed)
 * @param bytesIn          serialized values before compression
 * @param bytesOut         what went on the wire for those values, frame header included
 * @param rejected         frames from this component that a receiving worker in this JVM rejected
 * @param nanos            time spent compressing
 */
public record CompressionSnapshot(String codec, long tuplesCompressed, long tuplesRaw, long bytesIn, long bytesOut,
                                  long rejected, long nanos) {
}
