package dev.fluxext.compression.frame;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Every length-prefixed read of Kryo's Input, against a frame of 16 bytes. */
class BoundedInputTest {

    static final int CAP = 1 << 20;

    static BoundedInput frame(Consumer<Output> content) {
        Output out = new Output(64, -1);
        content.accept(out);
        out.writeBytes(new byte[16]);
        BoundedInput in = new BoundedInput(CAP);
        in.setBuffer(out.toBytes());
        return in;
    }

    static BoundedInput frameOf16Bytes() {
        return frame(o -> { });
    }

    @Test
    void arraysLongerThanTheFrameAreRejected() {
        List<Consumer<BoundedInput>> reads = List.of(
                in -> in.readBytes(17), in -> in.readInts(5), in -> in.readInts(17, true), in -> in.readLongs(3),
                in -> in.readLongs(17, true), in -> in.readFloats(5), in -> in.readDoubles(3), in -> in.readShorts(9),
                in -> in.readChars(9), in -> in.readBooleans(17), in -> in.readBytes(Integer.MAX_VALUE),
                in -> in.readInts(Integer.MAX_VALUE), in -> in.readBytes(-1));
        for (Consumer<BoundedInput> read : reads) {
            BoundedInput in = frameOf16Bytes();
            FrameRejectedException e = assertThrows(FrameRejectedException.class, () -> read.accept(in));
            assertTrue(e.getMessage().contains("the frame has 16 bytes left"), e.getMessage());
        }
    }

    @Test
    void arraysThatFitAreRead() {
        assertEquals(16, frameOf16Bytes().readBytes(16).length);
        assertEquals(4, frameOf16Bytes().readInts(4).length);
        assertEquals(2, frameOf16Bytes().readDoubles(2).length);
        assertEquals(16, frameOf16Bytes().readLongs(16, true).length);
    }

    @Test
    void stringsDeclaringMoreCharactersThanBytesLeftAreRejected() {
        BoundedInput in = frame(o -> o.writeVarIntFlag(true, 1 + 17, true));
        assertTrue(assertThrows(FrameRejectedException.class, in::readString).getMessage()
                .contains("string declares 17"));
        assertThrows(FrameRejectedException.class, frame(o -> o.writeVarIntFlag(true, 1 + 17, true))::readStringBuilder);
        assertThrows(FrameRejectedException.class, frame(o -> o.writeVarIntFlag(true, -5, true))::readString);
    }

    @Test
    void stringsThatFitAreRead() {
        for (String s : new String[] {"ascii", "ünïcödé", "", "é".repeat(40)}) {
            Output out = new Output(128, -1);
            out.writeString(s);
            BoundedInput in = new BoundedInput(CAP);
            in.setBuffer(out.toBytes());
            assertEquals(s, in.readString());
        }
        Output out = new Output(8);
        out.writeString(null);
        BoundedInput in = new BoundedInput(CAP);
        in.setBuffer(out.toBytes());
        assertNull(in.readString());
    }

    @Test
    void collectionsOfNullsMayExceedTheBytesLeftUpToTheCap() {
        assertEquals(16, BoundedInput.collectionCapacity(frameOf16Bytes(), 16, "list"));
        // The next byte is 0 (a null class id): a collection of nulls, pre-sized no further than the bytes left.
        assertEquals(16, BoundedInput.collectionCapacity(frameOf16Bytes(), CAP / 8, "list"));
        assertThrows(FrameRejectedException.class,
                () -> BoundedInput.collectionCapacity(frameOf16Bytes(), CAP / 8 + 1, "list"));
        assertThrows(FrameRejectedException.class,
                () -> BoundedInput.collectionCapacity(frame(o -> o.writeByte(5)), 100, "list"));
        assertThrows(FrameRejectedException.class,
                () -> BoundedInput.collectionCapacity(frameOf16Bytes(), -1, "list"));
    }

    @Test
    void aPlainInputOrAStreamIsNotChecked() {
        assertEquals(1 << 20, BoundedInput.collectionCapacity(new Input(new byte[4]), 1 << 20, "list"));
        BoundedInput streamed = new BoundedInput(CAP);
        streamed.setBuffer(new byte[8]); // a buffer smaller than what is read: it is refilled from the stream
        streamed.setInputStream(new ByteArrayInputStream(new byte[40]));
        assertArrayEquals(new byte[40], streamed.readBytes(40));
    }
}
