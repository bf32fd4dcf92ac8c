package dev.fluxext.compression.codec;

import java.io.IOException;
import org.xerial.snappy.Snappy;

/**
 * Snappy through snappy-java. Its {@code uncompress} takes no output bound, so the length the block declares is
 * read first and checked against the room given before anything is written.
 */
public final class SnappyCodec implements Codec {

    @Override
    public int maxCompressedLength(int inputLength) {
        return Snappy.maxCompressedLength(inputLength);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax) {
        if (outMax < Snappy.maxCompressedLength(inLen) || outOff + outMax > out.length) {
            throw new IllegalStateException("snappy needs " + Snappy.maxCompressedLength(inLen)
                    + " bytes of room, has " + outMax);
        }
        try {
            return Snappy.compress(in, inOff, inLen, out, outOff);
        } catch (IOException e) {
            throw new IllegalStateException("snappy could not compress " + inLen + " bytes", e);
        }
    }

    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        try {
            int declared = Snappy.uncompressedLength(in, inOff, inLen);
            if (declared < 0 || declared > outLen || outOff + declared > out.length) {
                throw new CodecException("snappy: block declares " + declared + " bytes, room for " + outLen);
            }
            return Snappy.uncompress(in, inOff, inLen, out, outOff);
        } catch (IOException e) {
            throw new CodecException("snappy: " + e.getMessage(), e);
        }
    }
}
