package dev.fluxext.compression.frame;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import dev.fluxext.compression.codec.Codec;
import dev.fluxext.compression.codec.CodecId;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.config.CompressionSettings;

/**
 * Reads frame headers and decompresses frames into a buffer reused across calls (one reader per thread). Every
 * length is checked before it is used: nothing is allocated for a frame declaring more than the cap.
 */
public final class FrameReader {

    private final int cap;
    private final CompressionSettings settings;
    private final Codec[] codecs = new Codec[16];
    private byte[] compressedCopy = new byte[0];
    private byte[] decompressed = new byte[0];
    private int decompressedLength;

    public FrameReader(CompressionSettings settings) {
        this.settings = settings;
        this.cap = settings.maxDecompressedBytes();
    }

    /**
     * Reads one frame's header from {@code in}, if it has one. For a raw frame, returns false: the values follow
     * inline in {@code in} (after the raw header, or from the frame's first byte if it has none). For a compressed
     * frame, decompresses it and returns true: the values are then in
     * {@link #buffer()}{@code [0, }{@link #length()}{@code )}.
     *
     * @throws FrameRejectedException for any frame that is not accepted
     */
    public boolean read(Input in) {
        int header;
        int uncompressedLength;
        int compressedLength;
        try {
            byte first = in.readByte();
            if (!FrameFormat.looksLikeHeader(first)) {
                in.setPosition(in.position() - 1); // the byte just read is still in the buffer
                return false;
            }
            header = first & 0xFF;
            if ((header & FrameFormat.RESERVED_FLAG) != 0) {
                throw new FrameRejectedException("reserved flag set in frame header 0x" + Integer.toHexString(header));
            }
            int codecId = header & FrameFormat.CODEC_MASK;
            if (codecId == FrameFormat.RAW) {
                if ((header & FrameFormat.DICTIONARY_FLAG) != 0) {
                    throw new FrameRejectedException("raw frame with the dictionary flag set");
                }
                return false;
            }
            CodecId id = CodecId.byId(codecId);
            if (id == null) {
                throw new FrameRejectedException("unknown codec id " + codecId + " in frame header");
            }
            uncompressedLength = in.readVarInt(true);
            compressedLength = in.readVarInt(true);
            if (uncompressedLength < 0 || compressedLength < 0) {
                throw new FrameRejectedException("frame declares a negative length");
            }
            if (uncompressedLength > cap) {
                throw new FrameRejectedException("frame declares " + uncompressedLength
                        + " decompressed bytes, more than the cap of " + cap + " bytes set by "
                        + CompressionOptions.MAX_DECOMPRESSED_BYTES.key());
            }
            if ((header & FrameFormat.DICTIONARY_FLAG) != 0) {
                int dictionary = in.readVarInt(true);
                throw new FrameRejectedException("frame uses dictionary " + dictionary
                        + ", but this version supports no dictionaries");
            }
            Codec codec = codec(id);
            if (compressedLength > codec.maxCompressedLength(uncompressedLength)) {
                throw new FrameRejectedException("frame declares " + compressedLength + " compressed bytes for "
                        + uncompressedLength + ", more than " + id.configName() + " can produce");
            }
            decompress(in, codec, id, uncompressedLength, compressedLength);
            return true;
        } catch (KryoException e) {
            throw new FrameRejectedException("truncated frame: " + e.getMessage(), e);
        }
    }

    public byte[] buffer() {
        return decompressed;
    }

    public int length() {
        return decompressedLength;
    }

    private void decompress(Input in, Codec codec, CodecId id, int expected, int compressedLength) {
        byte[] src;
        int srcOff;
        int available = in.limit() - in.position();
        if (available >= compressedLength) {
            // The whole frame is in the input's buffer (Storm hands the deserializer the full message): no copy.
            src = in.getBuffer();
            srcOff = in.position();
            in.setPosition(srcOff + compressedLength);
        } else if (in.getInputStream() == null) {
            throw new FrameRejectedException("truncated frame: declares " + compressedLength
                    + " compressed bytes, " + available + " present");
        } else {
            compressedCopy = FrameFormat.grow(compressedCopy, compressedLength, compressedLength);
            in.readBytes(compressedCopy, 0, compressedLength);
            src = compressedCopy;
            srcOff = 0;
        }
        decompressed = FrameFormat.grow(decompressed, expected, cap);
        int actual;
        try {
            actual = codec.decompress(src, srcOff, compressedLength, decompressed, 0, expected);
        } catch (RuntimeException e) {
            throw new FrameRejectedException(id.configName() + " frame declaring " + expected
                    + " bytes does not decompress: " + e.getMessage(), e);
        }
        if (actual != expected) {
            throw new FrameRejectedException(id.configName() + " frame declares " + expected
                    + " decompressed bytes but holds " + actual);
        }
        decompressedLength = expected;
    }

    private Codec codec(CodecId id) {
        Codec c = codecs[id.id()];
        if (c == null) {
            c = id.create(settings);
            codecs[id.id()] = c;
        }
        return c;
    }
}
