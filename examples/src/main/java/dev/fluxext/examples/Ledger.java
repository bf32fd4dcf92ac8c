package dev.fluxext.examples;

import java.io.Closeable;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * An append-only text file, one per task, where the accounted spout and the checksum sink write what happened to
 * each tuple, so that a test (or you, after a fault) can account for every id across worker processes. Each
 * line is one {@code write} to a file opened for appending, so a worker killed mid-way leaves at most a last
 * line without its line break, and what was written survives the process. Off unless the topology config has
 * {@value #DIR_KEY}.
 */
public final class Ledger implements Closeable {

    /** Topology config key: the directory for the ledger files (created if missing). */
    public static final String DIR_KEY = "examples.ledger.dir";

    private final FileOutputStream out;

    private Ledger(FileOutputStream out) {
        this.out = out;
    }

    /** The ledger {@code NAME-TASK.log} in the configured directory, or null when none is configured. */
    public static Ledger open(Map<String, Object> conf, String name, int taskId) {
        Object dir = conf.get(DIR_KEY);
        if (dir == null) {
            return null;
        }
        try {
            Path directory = Files.createDirectories(Path.of(dir.toString()));
            return new Ledger(new FileOutputStream(directory.resolve(name + "-" + taskId + ".log").toFile(), true));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the ledger in " + dir, e);
        }
    }

    public void record(String line) {
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ledger", e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** Closes the ledger, if there is one; a failure to close is not worth failing a shutdown for. */
    public static void closeQuietly(Ledger ledger) {
        if (ledger != null) {
            try {
                ledger.close();
            } catch (IOException e) {
                // every line was written with its own write(): nothing is lost
            }
        }
    }

    /** The CRC-32 of the text's UTF-8 bytes: what the spout sends along and the sink checks. */
    public static long checksum(String text) {
        CRC32 crc = new CRC32();
        crc.update(text.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
