package dev.fluxext.examples.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The many-host cluster as {@code scripts/many-hosts.sh} runs it: each command of the script, run from the test's
 * (root) namespace, and what the test reads straight from the shared file system and /proc (ledgers, logs, metrics,
 * worker processes).
 */
final class ManyHosts implements AutoCloseable {

    static final Path SCRIPT = Path.of("scripts/many-hosts.sh").toAbsolutePath();
    static final String WORKER_MAIN = "org.apache.storm.daemon.worker.Worker";

    final Path state;
    private final Map<String, String> env;

    private ManyHosts(Path state, Map<String, String> env) {
        this.state = state;
        this.env = env;
    }

    /** {@code many-hosts.sh up ARGS --dir STATE}; on failure, the script has cleaned up already. */
    static ManyHosts up(Path state, Map<String, String> env, String... args) throws Exception {
        ManyHosts hosts = new ManyHosts(state, env);
        List<String> command = new ArrayList<>(List.of("up", "--dir", state.toString()));
        command.addAll(List.of(args));
        hosts.script(600, command.toArray(String[]::new));
        return hosts;
    }

    /** Runs the script with these arguments and returns its output; fails on a non-zero exit. */
    String script(long seconds, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(Files.createDirectories(state.resolve("script")), args[0] + "-", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("many-hosts.sh " + String.join(" ", args) + " ran over " + seconds + " s: "
                    + Files.readString(out));
        }
        String output = Files.readString(out);
        if (process.exitValue() != 0) {
            throw new AssertionError("many-hosts.sh " + String.join(" ", args) + " exited " + process.exitValue()
                    + ":\n" + output);
        }
        return output;
    }

    /** Starts {@code many-hosts.sh exec HOST ARGS} in the background, output to {@code output}. */
    Process exec(String host, Path output, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), "exec", host));
        command.addAll(args);
        Files.createDirectories(output.getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        return builder.start();
    }

    void link(String host, String... what) throws Exception {
        List<String> args = new ArrayList<>(List.of("link", host));
        args.addAll(List.of(what));
        script(60, args.toArray(String[]::new));
    }

    /** Bytes through HOST's link counted at the switch's end: {sent by the host, received by it}. */
    long[] linkBytes(String host) throws Exception {
        String[] words = script(60, "link", host, "bytes").strip().split("\\s+");
        return new long[] {Long.parseLong(words[words.length - 2]), Long.parseLong(words[words.length - 1])};
    }

    /** The workers' CSV metrics, every host's (each file names its host and port). */
    Path metrics() {
        return state.resolve("metrics");
    }

    /** Worker JVMs of this cluster by host: host to (port to pid), from /proc (their storm.local.dir names the host). */
    Map<String, Map<Integer, Long>> workers() {
        Map<String, Map<Integer, Long>> workers = new TreeMap<>();
        String prefix = "-Dstorm.local.dir=" + state.resolve("hosts");
        ProcessHandle.allProcesses().forEach(process -> {
            List<String> args = commandLine(process.pid());
            if (!args.contains(WORKER_MAIN) || args.contains("org.apache.storm.LogWriter")) {
                return;
            }
            String host = args.stream().filter(a -> a.startsWith(prefix)).findFirst()
                    .map(a -> Path.of(a.substring("-Dstorm.local.dir=".length())).getParent().getFileName().toString())
                    .orElse(null);
            args.stream().filter(a -> a.startsWith("-Dworker.port=")).findFirst().ifPresent(port -> {
                if (host != null) {
                    workers.computeIfAbsent(host, h -> new TreeMap<>())
                            .put(Integer.parseInt(port.substring("-Dworker.port=".length())), process.pid());
                }
            });
        });
        return workers;
    }

    static List<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline"));
            return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    @Override
    public void close() throws Exception {
        script(180, "down");
    }
}
