package dev.fluxext.compression.codec;

import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Raw DEFLATE (RFC 1951, no gzip or zlib header or checksum) through the JDK's {@link Deflater}/{@link Inflater},
 * reset and reused for every block. Selected by {@code codec: gzip} because that is the name users look for.
 */
public final class DeflateCodec implements Codec {

    private final int level;
    private Deflater deflater;
    private Inflater inflater;
    private final byte[] probe = new byte[1];

    public DeflateCodec(int level) {
        if (level < 1 || level > 9) {
            throw new IllegalArgumentException("gzip (DEFLATE) level must be from 1 to 9, not " + level);
        }
        this.level = level;
    }

    /** zlib's {@code deflateBound} for raw DEFLATE: stored blocks in the worst case, plus a little. */
    @Override
    public int maxCompressedLength(int n) {
        long bound = (long) n + ((n + 7L) >> 3) + ((n + 63L) >> 6) + 11;
        return (int) Math.min(bound, Integer.MAX_VALUE - 8);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax) {
        if (deflater == null) {
            deflater = new Deflater(level, true);
        }
        deflater.reset();
        deflater.setInput(in, inOff, inLen);
        deflater.finish();
        int written = 0;
        while (!deflater.finished()) {
            if (written == outMax) {
                throw new IllegalStateException("DEFLATE output of " + inLen + " bytes does not fit in " + outMax);
            }
            written += deflater.deflate(out, outOff + written, outMax - written);
        }
        return written;
    }

    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        if (inflater == null) {
            inflater = new Inflater(true);
        }
        inflater.reset();
        inflater.setInput(in, inOff, inLen);
        try {
            int written = 0;
            while (!inflater.finished()) {
                int room = outLen - written;
                if (room == 0) {
                    // Output is full but the stream goes on: more data than declared.
                    if (inflater.inflate(probe) > 0) {
                        throw new CodecException("DEFLATE: stream holds more than " + outLen + " bytes");
                    }
                    if (inflater.finished()) {
                        break;
                    }
                }
                int n = room == 0 ? 0 : inflater.inflate(out, outOff + written, room);
                written += n;
                if (n == 0 && !inflater.finished() && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new CodecException("DEFLATE: stream is truncated or needs a dictionary");
                }
            }
            if (inflater.getRemaining() > 0) {
                throw new CodecException("DEFLATE: " + inflater.getRemaining() + " bytes after the end of the stream");
            }
            return written;
        } catch (DataFormatException e) {
            throw new CodecException("DEFLATE: " + e.getMessage(), e);
        }
    }
}
