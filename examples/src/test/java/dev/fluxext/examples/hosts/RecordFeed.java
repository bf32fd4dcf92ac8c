package dev.fluxext.examples.hosts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Records produced into the topic at a fixed rate for as long as the test runs its faults: {@code RecordProducer}
 * child JVMs on the client host, one after the other, each sending the next {@value #SEGMENT_SECONDS} s of ids
 * (a producer must finish, and say "produced N", for its ids to count as produced). {@link #stop} lets the current
 * one finish.
 */
final class RecordFeed implements AutoCloseable {

    static final int SEGMENT_SECONDS = 60;
    private static final String MAIN = "dev.fluxext.examples.kafka.RecordProducer";

    private final ManyHosts hosts;
    private final Path logs;
    private final String topic;
    private final int rate;
    private final AtomicLong produced = new AtomicLong();
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final AtomicReference<Process> current = new AtomicReference<>();
    private volatile boolean stopping;
    private final Thread thread;

    RecordFeed(ManyHosts hosts, Path logs, String topic, int rate) {
        this.hosts = hosts;
        this.logs = logs;
        this.topic = topic;
        this.rate = rate;
        this.thread = new Thread(this::run, "record-feed");
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        int segment = 0;
        while (!stopping && failure.get() == null) {
            long from = produced.get();
            long count = (long) rate * SEGMENT_SECONDS;
            Path out = logs.resolve("producer-" + segment++ + ".out");
            try {
                Process producer = hosts.exec("client", out, List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m", "-XX:+UseSerialGC", "-cp",
                        System.getProperty("java.class.path"), MAIN, "--bootstrap", "kafka:9092", "--topic", topic,
                        "--from", String.valueOf(from), "--count", String.valueOf(count), "--rate", String.valueOf(rate)));
                current.set(producer);
                int exit = producer.waitFor();
                String output = Files.readString(out);
                if (exit != 0 || !output.contains("produced " + count)) {
                    failure.set("producer of ids " + from + ".." + (from + count - 1) + " exited " + exit + ": " + output);
                    return;
                }
                produced.addAndGet(count);
            } catch (Exception e) {
                failure.set("producer of ids from " + from + ": " + e);
                return;
            }
        }
    }

    /** Ids 0..produced()-1 are in the topic (acknowledged by the broker). */
    long produced() {
        return produced.get();
    }

    /** Fails when a producer did. */
    void check() {
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    /** Lets the running producer finish its segment, then returns; ids 0..produced()-1 were produced. */
    long stop() throws InterruptedException {
        stopping = true;
        thread.join((SEGMENT_SECONDS + 120) * 1000L);
        check();
        return produced.get();
    }

    @Override
    public void close() {
        stopping = true;
        Process producer = current.get();
        if (producer != null && producer.isAlive()) {
            producer.descendants().forEach(ProcessHandle::destroyForcibly);
            producer.destroyForcibly();
        }
    }
}
