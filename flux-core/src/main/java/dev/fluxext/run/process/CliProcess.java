package dev.fluxext.run.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CLI's process, claimed by its {@code main}: a temp directory of its own, and an end that leaves nothing
 * behind.
 *
 * <p>Storm's local cluster (its Nimbus, supervisors and workers' directories)
 * and the native libraries that Java libraries extract before loading them (zstd-jni, snappy, lz4, RocksDB) all
 * write under {@code java.io.tmpdir}, and count on a clean JVM exit or {@code deleteOnExit} to remove them, which a
 * halted or killed process never runs. Pointing {@code java.io.tmpdir} at a directory of this process and deleting
 * that directory as the process ends removes them all, whatever wrote them.
 *
 * <p>Set by the CLI's {@code main} before anything reads the property (the JDK reads it once, on first use). The
 * directory's path lives in system properties, which every class loader of the process sees: the local run, in
 * the loader that holds the user's classes, deletes it too.
 */
public final class CliProcess {

    /** The temp directory the process was started with: the user's, where files meant to stay (logs) go. */
    private static final String ORIGINAL = "fluxext.tmpdir.original";
    /** This process's directory, set only while it owns one. */
    private static final String OWN = "fluxext.tmpdir.process";
    private static final String PREFIX = "fluxext-";

    /** A process directory's name, compiled only when the temp directory has one. */
    private static final class Name {
        static final Pattern PATTERN = Pattern.compile(PREFIX + "(\\d+)-\\d+(-ended)?");
    }

    private CliProcess() {
    }

    /**
     * Makes {@code java.io.tmpdir} a new directory of this process, first removing those of processes that no longer
     * run (one killed with SIGKILL could not remove its own). Does nothing if the directory cannot be made: the
     * process then writes where it always did.
     */
    public static void claim() {
        if (System.getProperty(OWN) != null) {
            return;
        }
        Path parent = Path.of(System.getProperty("java.io.tmpdir"));
        removeAbandoned(parent);
        try {
            long pid = pid();
            Path name = parent.resolve(PREFIX + pid + "-" + System.nanoTime());
            // Only this user may write where native libraries are extracted and then loaded from.
            Path own = parent.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? Files.createDirectory(name, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                : Files.createDirectory(name);
            System.setProperty(ORIGINAL, parent.toString());
            System.setProperty(OWN, own.toString());
            System.setProperty("java.io.tmpdir", own.toString());
        } catch (IOException | RuntimeException e) {
            // Best effort: a read-only or full temp directory fails later, where the message names what failed.
        }
    }

    /**
     * This process's id: Linux names it in {@code /proc/self}; elsewhere {@code ProcessHandle}, whose start (its
     * reaper's set-up) costs a short command about 15 ms.
     */
    private static long pid() {
        try {
            return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.current().pid();
        }
    }

    /** The CLI's main claimed the process: it ends with {@link #end} once the command is done. */
    public static boolean claimed() {
        return own().isPresent();
    }

    private static Optional<Path> own() {
        return Optional.ofNullable(System.getProperty(OWN)).map(Path::of);
    }

    /** Where files that outlive the process go (the default log file): the temp directory the user gave. */
    public static Path userTempDir() {
        return Path.of(System.getProperty(ORIGINAL, System.getProperty("java.io.tmpdir")));
    }

    /**
     * Ends the process with {@code status} once everything it writes is written: flushes the console, deletes the
     * process's temp directory and halts.
     *
     * <p>Halting, rather than {@code System.exit}, skips the JVM's shutdown hooks: a local cluster's orderly stop
     * (Nimbus, two supervisors, their workers, ZooKeeper) takes seconds and keeps nothing: its state is in the temp
     * directory deleted here, the summary and metrics files are written and closed, and the Storm log's appender
     * writes each line through as it is logged. The {@code deleteOnExit} files of the libraries are in that
     * directory too. Whatever Storm threads still run end with the process, none is left behind.
     */
    public static void end(int status) {
        // One thread deletes and halts; another that ends the process meanwhile (the signal handler and the main
        // thread, maybe through this class loaded a second time in the loader of the user's classes) must not
        // halt it halfway through the deletion: the lock is on an object every loader shares.
        synchronized (Runtime.getRuntime()) {
            System.out.flush();
            System.err.flush();
            own().ifPresent(CliProcess::deleteWhileStormRuns);
            Runtime.getRuntime().halt(status);
        }
    }

    /**
     * Storm's threads still run and may create files under {@code dir} meanwhile (a supervisor's directories, a
     * worker's heartbeat): the directory is first moved aside, so their paths no longer lead into what is being
     * deleted, then deleted, and deleted again should one of them have made its path anew.
     */
    private static void deleteWhileStormRuns(Path dir) {
        Path aside = dir.resolveSibling(dir.getFileName() + "-ended");
        try {
            Files.move(dir, aside);
            deleteTree(aside);
        } catch (IOException | RuntimeException e) {
            // Not moved: deleted where it is.
        }
        for (int pass = 0; pass < 3 && Files.exists(dir); pass++) {
            deleteTree(dir);
        }
    }

    private static void removeAbandoned(Path parent) {
        // A plain loop and a prefix test first: every command starts here, and the temp directory holds hundreds
        // of others' entries.
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent)) {
            for (Path entry : entries) {
                String fileName = entry.getFileName().toString();
                if (!fileName.startsWith(PREFIX)) {
                    continue;
                }
                Matcher name = Name.PATTERN.matcher(fileName);
                if (name.matches() && ProcessHandle.of(Long.parseLong(name.group(1))).isEmpty()) {
                    deleteTree(entry);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Someone else's leftovers are not this run's concern: never fail a command for them.
        }
    }

    /** Best effort, file by file: a file that cannot go (another user's) leaves the rest to be deleted. */
    static void deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    quietlyDelete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    quietlyDelete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // walkFileTree reports failures to the visitor; nothing is left to do here.
        }
    }

    private static void quietlyDelete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // A file still being written by a Storm thread: the directory stays, its other files go.
        }
    }
}
