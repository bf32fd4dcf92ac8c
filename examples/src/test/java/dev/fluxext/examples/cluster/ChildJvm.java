package dev.fluxext.examples.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A Java process started by the test, its output in a file, killed with everything it started. */
public final class ChildJvm {

    private final String name;
    private final Process process;
    private final Path output;

    private ChildJvm(String name, Process process, Path output) {
        this.name = name;
        this.process = process;
        this.output = output;
    }

    /** Starts {@code java JVM_OPTIONS -cp CLASSPATH MAIN ARGS} in {@code dir}, stdout and stderr to {@code output}. */
    public static ChildJvm start(String name, Path dir, Path output, Map<String, String> env, List<String> jvmOptions,
                          String classpath, String main, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classpath);
        command.add(main);
        command.addAll(args);
        Files.createDirectories(output.getParent());
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        return new ChildJvm(name, builder.start(), output);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits up to {@code seconds} for the exit; the exit code, or -1 when it is still running. */
    public int waitFor(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    public String output() {
        try {
            return Files.readString(output);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }

    /** SIGKILL to the process and every descendant (workers a supervisor started, a worker a LogWriter started). */
    public void killTree() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + process.pid() + ", output " + output + ")";
    }
}
