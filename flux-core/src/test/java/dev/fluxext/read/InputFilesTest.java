package dev.fluxext.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every file flux reads goes through InputFiles: special files are refused before they are opened. */
@Timeout(value = 30, unit = TimeUnit.SECONDS) // opening a FIFO without a writer would block forever
class InputFilesTest {

    @TempDir
    Path dir;

    /** A named pipe nobody writes to: opening it for reading blocks until someone does. */
    static Path fifo(Path dir) throws IOException, InterruptedException {
        Path fifo = dir.resolve("pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        return fifo;
    }

    private static String refusal(Path path, long max) {
        return assertThrows(InputFiles.Refused.class, () -> InputFiles.readText(path, "test file", max)).getMessage();
    }

    @Test
    void aFifoIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = fifo(dir);
        assertEquals("test file '" + fifo + "' is not a regular file (a FIFO, device or socket, which may never end); "
                + "give a regular file", refusal(fifo, 100));
    }

    @Test
    void aDeviceIsRefusedWithoutReadingIt() {
        assertEquals("test file '/dev/zero' is not a regular file (a FIFO, device or socket, which may never end); "
                + "give a regular file", refusal(Path.of("/dev/zero"), 100));
    }

    @Test
    void aSymlinkIsJudgedByWhatItPointsTo() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("link"), Path.of("/dev/zero"));
        assertEquals("test file '" + link + "' is not a regular file (a FIFO, device or socket, which may never end); "
                + "give a regular file", refusal(link, 100));
        Path file = Files.writeString(dir.resolve("f"), "name: x\n");
        Path good = Files.createSymbolicLink(dir.resolve("good"), file);
        assertEquals("name: x\n", InputFiles.readText(good, "test file", 100));
    }

    @Test
    void missingDirectoryAndTooLargeAreRefused() throws IOException {
        assertEquals("test file '" + dir.resolve("nope") + "' not found", refusal(dir.resolve("nope"), 100));
        assertEquals("test file '" + dir + "' is a directory; give a file", refusal(dir, 100));
        Path file = Files.write(dir.resolve("big"), new byte[101]);
        assertEquals("test file '" + file + "' is larger than 100 bytes; these files are far smaller (is this the "
                + "right file?)", refusal(file, 100));
    }

    @Test
    void aFileOfExactlyTheLimitIsRead() throws IOException {
        byte[] bytes = new byte[100];
        bytes[99] = 'x';
        Path file = Files.write(dir.resolve("f"), bytes);
        assertArrayEquals(bytes, InputFiles.readBytes(file, "test file", 100));
    }
}
