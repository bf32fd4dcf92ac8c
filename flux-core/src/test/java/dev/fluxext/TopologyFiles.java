package dev.fluxext;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Topology input files that tests write on the fly: the smallest valid body, a secret, a FIFO. */
public final class TopologyFiles {

    /** Spouts, bolts and streams of the smallest valid topology (words to a counter), no name: tests prepend it. */
    public static final String WORDS_TO_COUNT = """
            spouts:
              - id: words
                className: org.apache.storm.testing.TestWordSpout
            bolts:
              - id: count
                className: org.apache.storm.testing.TestWordCounter
            streams:
              - {from: words, to: count, grouping: {type: SHUFFLE}}
            """;

    /** A value substituted from the environment that no output may show unless asked. */
    public static final String SECRET = "s3cr3t-token-4711";

    private TopologyFiles() {
    }

    public static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** A named pipe {@code name} in {@code dir}: a file that never ends once opened. */
    public static Path fifo(Path dir, String name) throws Exception {
        Path fifo = dir.resolve(name);
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        return fifo;
    }
}
