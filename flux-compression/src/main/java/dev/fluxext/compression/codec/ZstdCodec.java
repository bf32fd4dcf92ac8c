package dev.fluxext.compression.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;

/**
 * zstd through zstd-jni, one compression and one decompression context per instance, created lazily (a receiver
 * never needs the compressor) and reused for every block: no native stream per tuple.
 */
public final class ZstdCodec implements Codec {

    private final int level;
    private final int windowLog;
    private ZstdCompressCtx compressor;
    private ZstdDecompressCtx decompressor;

    /** @param windowLog 0 lets the level choose the window; otherwise 10-27 */
    public ZstdCodec(int level, int windowLog) {
        if (level < Zstd.minCompressionLevel() || level > Zstd.maxCompressionLevel()) {
            throw new IllegalArgumentException("zstd level must be from " + Zstd.minCompressionLevel() + " to "
                    + Zstd.maxCompressionLevel() + ", not " + level);
        }
        if (windowLog != 0 && (windowLog < 10 || windowLog > 27)) {
            throw new IllegalArgumentException("zstd windowLog must be 0 or from 10 to 27, not " + windowLog);
        }
        this.level = level;
        this.windowLog = windowLog;
    }

    @Override
    public int maxCompressedLength(int inputLength) {
        return (int) Zstd.compressBound(inputLength);
    }

    @Override
    public int compress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outMax) {
        if (compressor == null) {
            // Our frame header already names the codec and the length: zstd's magic number and content size
            // would only repeat them on every tuple.
            compressor = new ZstdCompressCtx().setLevel(level).setMagicless(true).setContentSize(false);
            if (windowLog != 0) {
                compressor.setWindowLog(windowLog);
            }
        }
        try {
            return compressor.compressByteArray(out, outOff, outMax, in, inOff, inLen);
        } catch (ZstdException e) {
            throw new IllegalStateException("zstd could not compress " + inLen + " bytes into " + outMax, e);
        }
    }

    @Override
    public int decompress(byte[] in, int inOff, int inLen, byte[] out, int outOff, int outLen) {
        if (decompressor == null) {
            decompressor = new ZstdDecompressCtx().setMagicless(true);
        }
        try {
            // One-shot decompression writes straight into out (the window is out itself) and fails rather than
            // writing past outLen.
            return decompressor.decompressByteArray(out, outOff, outLen, in, inOff, inLen);
        } catch (ZstdException e) {
            decompressor.reset(); // also clears parameters
            decompressor.setMagicless(true);
            throw new CodecException("zstd: " + e.getMessage(), e);
        }
    }
}
