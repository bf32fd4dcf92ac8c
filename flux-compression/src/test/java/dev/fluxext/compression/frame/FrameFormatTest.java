package dev.fluxext.compression.frame;

import static dev.fluxext.compression.frame.FrameFormat.readVarInt;
import static dev.fluxext.compression.frame.FrameFormat.varIntEnd;
import static dev.fluxext.compression.frame.FrameFormat.varIntValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Output;
import org.junit.jupiter.api.Test;

/** The one in-place varint reader: what Kryo writes reads back, and nothing is read past the caller's bound. */
class FrameFormatTest {

    private static byte[] kryoVarInt(int value) {
        Output out = new Output(8);
        out.writeVarInt(value, true);
        return out.toBytes();
    }

    @Test
    void readsWhatKryoWrites() {
        for (int value : new int[] {0, 1, 127, 128, 16_383, 16_384, 1 << 28, Integer.MAX_VALUE, -1, -700,
                Integer.MIN_VALUE}) {
            byte[] bytes = kryoVarInt(value);
            byte[] padded = new byte[bytes.length + 3]; // bytes before and after it
            System.arraycopy(bytes, 0, padded, 2, bytes.length);
            long read = readVarInt(padded, 2, padded.length);
            assertEquals(value, varIntValue(read), "value " + value);
            assertEquals(2 + bytes.length, varIntEnd(read), "end of " + value);
            assertEquals(bytes.length, FrameFormat.varIntLength(value));
        }
    }

    @Test
    void aNegativeValueTakesFiveBytesAndIsNotMalformed() {
        byte[] systemTask = kryoVarInt(-1); // Storm's system task
        assertEquals(5, systemTask.length);
        long read = readVarInt(systemTask, 0, systemTask.length);
        assertTrue(read < 0);
        assertNotEquals(-1, read);
        assertEquals(-1, varIntValue(read));
        assertEquals(5, varIntEnd(read));
    }

    @Test
    void aVarIntCutByTheBoundIsMalformed() {
        byte[] bytes = kryoVarInt(300); // two bytes
        assertEquals(-1, readVarInt(bytes, 0, 1));
        assertEquals(-1, readVarInt(bytes, 0, 0));
        byte[] five = kryoVarInt(Integer.MAX_VALUE);
        for (int end = 0; end < five.length; end++) {
            assertEquals(-1, readVarInt(five, 0, end), "cut at " + end);
        }
        assertEquals(-1, readVarInt(new byte[] {0, 0}, 2, 2)); // nothing left at all
    }

    @Test
    void aSixByteVarIntIsMalformed() {
        byte[] six = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01};
        assertEquals(-1, readVarInt(six, 0, six.length));
        // The fifth byte's continuation bit alone makes it malformed, whatever its other bits.
        byte[] fifthContinues = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0x8F, 0x00};
        assertEquals(-1, readVarInt(fifthContinues, 0, fifthContinues.length));
    }
}
