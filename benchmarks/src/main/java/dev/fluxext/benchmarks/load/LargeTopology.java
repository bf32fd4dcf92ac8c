package dev.fluxext.benchmarks.load;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the load benchmark's topology: {@value #BOLTS} bolts and {@value #STREAMS} streams, with the features
 * whose checks cost something (a shared component passed by reference, constructor arguments, executor settings,
 * per-component config checked by Storm's validators, FIELDS groupings checked against the source's fields).
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.fluxext.benchmarks.load.LargeTopology FILE}
 */
public final class LargeTopology {

    public static final int BOLTS = 1_000;
    public static final int STREAMS = 2 * BOLTS;
    static final int SPOUTS = 10;

    private LargeTopology() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: LargeTopology FILE");
            System.exit(2);
        }
        write(Path.of(args[0]));
    }

    public static Path write(Path file) throws IOException {
        Files.writeString(file, yaml(), StandardCharsets.UTF_8);
        return file;
    }

    /** Every bolt has two inputs: a FIELDS stream from a spout and a stream from the previous bolt (or a spout). */
    static String yaml() {
        StringBuilder y = new StringBuilder(512 * BOLTS);
        y.append("name: \"large-topology\"\n")
                .append("config:\n  topology.workers: 4\n  topology.max.spout.pending: 1000\n")
                .append("  topology.message.timeout.secs: 60\n")
                .append("components:\n")
                .append("  - id: \"fields\"\n    className: \"org.apache.storm.tuple.Fields\"\n")
                .append("    constructorArgs:\n      - [\"word\", \"count\"]\n")
                .append("spouts:\n");
        for (int s = 0; s < SPOUTS; s++) {
            y.append("  - id: \"spout-").append(s).append("\"\n")
                    .append("    className: \"org.apache.storm.testing.TestWordSpout\"\n")
                    .append("    constructorArgs: [false]\n")
                    .append("    parallelism: 2\n");
        }
        y.append("bolts:\n");
        for (int b = 0; b < BOLTS; b++) {
            y.append("  - id: \"bolt-").append(b).append("\"\n");
            if (b % 2 == 0) {
                y.append("    className: \"org.apache.storm.testing.TestWordCounter\"\n");
            } else {
                y.append("    className: \"org.apache.storm.testing.IdentityBolt\"\n")
                        .append("    constructorArgs:\n      - ref: \"fields\"\n");
            }
            y.append("    parallelism: ").append(1 + b % 4).append('\n')
                    .append("    numTasks: ").append(4).append('\n')
                    .append("    cpuLoad: 12.5\n")
                    .append("    onHeapMemoryLoad: 128\n")
                    .append("    config:\n      topology.tick.tuple.freq.secs: ").append(5 + b % 10).append('\n')
                    .append("      app.bolt.index: ").append(b).append('\n');
        }
        y.append("streams:\n");
        for (int b = 0; b < BOLTS; b++) {
            y.append("  - from: \"spout-").append(b % SPOUTS).append("\"\n")
                    .append("    to: \"bolt-").append(b).append("\"\n")
                    .append("    grouping:\n      type: FIELDS\n      args: [\"word\"]\n");
            String from = b == 0 ? "spout-0" : "bolt-" + (b - 1);
            y.append("  - from: \"").append(from).append("\"\n")
                    .append("    to: \"bolt-").append(b).append("\"\n")
                    .append("    grouping:\n      type: ").append(b % 3 == 0 ? "SHUFFLE" : "LOCAL_OR_SHUFFLE")
                    .append('\n');
        }
        return y.toString();
    }
}
