package dev.fluxext.compression.codec;

import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * LZ4 block format through at.yawk lz4-java: the fast compressor at level 0, LZ4 HC at levels 1-17. Decompression
 * always uses the bounds-checking safe decompressor, never the "fast" one that trusts its input.
 */
public final class Lz4Codec implements Codec {

    private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();

    private final LZ4Compressor compressor;
    private final LZ4SafeDecompressor decompressor = FACTORY.safeDecompressor();

    public Lz4Codec(int level) {
        if (level < 0 || level > 17) {
            throw new IllegalArgumentException("lz4 level must be from 0 to 17, not " + level);
        }
        compressor = level == 0 ? FACTORY.fastCompressor() : FACTORY.highCompressor(level);
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        return compressor.maxCompressedLength(inputLength);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax) {
        try {
            return compressor.compress(in, inOff, inLen, out, outOff, outMax);
        } catch (LZ4Exception e) {
            throw new IllegalStateException("lz4 could not compress " + inLen + " bytes into " + outMax, e);
        }
    }

    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        try {
            return decompressor.decompress(in, inOff, inLen, out, outOff, outLen);
        } catch (LZ4Exception e) {
            throw new CodecException("lz4: " + e.getMessage(), e);
        }
    }
}
