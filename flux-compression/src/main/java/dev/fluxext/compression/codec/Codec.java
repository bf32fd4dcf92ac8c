package dev.fluxext.compression.codec;

/**
 * A block compressor over byte arrays, in the spirit of aircompressor's {@code Compressor}/{@code Decompressor}.
 * Instances are stateful (they hold native contexts and reuse them) and not thread-safe: use one per thread.
 */
public interface Codec {

    /** Worst-case output size of {@link #compress} for {@code inputLength} bytes. */
    int maxCompressedLength(int inputLength);

    /**
     * Compresses {@code in[inOff, inOff+inLen)} into {@code out} starting at {@code outOff}.
     *
     * @param outMax room in {@code out}; at least {@link #maxCompressedLength(int)} guarantees success
     * @return the number of bytes written
     * @throws IllegalStateException if the output does not fit in {@code outMax}
     */
    int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax);

    /**
     * Decompresses {@code in[inOff, inOff+inLen)} into {@code out}, writing at most {@code outLen} bytes.
     *
     * @return the number of bytes written; the caller compares it with the length it expected
     * @throws CodecException if the input is malformed or would decompress to more than {@code outLen} bytes
     */
    int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen);
}
