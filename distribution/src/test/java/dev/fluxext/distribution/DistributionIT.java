package dev.fluxext.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary distribution as a user gets it: the tar.gz unpacked by {@code tar} in an empty directory and run
 * through its {@code bin/flux} with a PATH that holds only bash (no Maven, no coreutils) and a JAVA_HOME, from the
 * unpacked directory, as the README's "Start here" says: every command of the example files' comments, of the
 * distribution's own README and of the clone's README that runs an example, exactly as written. Every relative link
 * of the shipped Markdown resolves inside the unpacked directory.
 */
class DistributionIT {

    @TempDir
    static Path tmp;
    private static Path home;
    private static Map<String, String> environment;

    /** What the launcher needs besides java, as the README says: bash (found by the {@code #!/usr/bin/env bash} line). */
    private static final List<String> SHELL_TOOLS = List.of("bash");

    @BeforeAll
    static void unpack() throws Exception {
        Path archive = Path.of(System.getProperty("distribution.archive"));
        Path unpacked = Files.createDirectories(tmp.resolve("unpacked"));
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", unpacked.toString())
                .redirectErrorStream(true).start();
        String tarOutput = new String(tar.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0, "tar failed: " + tarOutput);
        try (Stream<Path> top = Files.list(unpacked)) {
            List<Path> dirs = top.toList();
            assertEquals(1, dirs.size(), "one top directory in the archive: " + dirs);
            home = dirs.get(0);
        }
        Path tools = Files.createDirectories(tmp.resolve("path"));
        for (String tool : SHELL_TOOLS) {
            Files.createSymbolicLink(tools.resolve(tool), which(tool));
        }
        environment = Map.of("PATH", tools.toString(), "JAVA_HOME", System.getProperty("java.home"),
                "HOME", Files.createDirectories(tmp.resolve("home")).toString(),
                "TMPDIR", System.getProperty("java.io.tmpdir"));
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError(tool + " is not on PATH");
    }

    private record Run(int exitCode, String output) {}

    /** {@code bin/flux ARGS} from the unpacked directory, in the reduced environment, its output to a file. */
    private static Process start(Path output, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(home.resolve("bin/flux").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(environment);
        return builder.redirectOutput(output.toFile()).start();
    }

    private static Run flux(long timeoutSeconds, String... args) throws IOException, InterruptedException {
        Path output = Files.createTempFile(tmp, "flux", ".out");
        Process process = start(output, args);
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("bin/flux " + args[0] + " did not end within " + timeoutSeconds + " s:\n"
                    + Files.readString(output));
        }
        return new Run(process.exitValue(), Files.readString(output));
    }

    @Test
    void theArchiveHasTheLauncherLibrariesSchemaExamplesAndDocs() throws IOException {
        assertTrue(Files.isExecutable(home.resolve("bin/flux")));
        for (String jar : List.of("flux-core-", "flux-compression-", "storm-client-", "storm-server-", "picocli-")) {
            try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
                assertTrue(lib.anyMatch(p -> p.getFileName().toString().startsWith(jar)), "lib/ lacks " + jar + "*");
            }
        }
        for (String file : List.of("schema/flux-topology.schema.json", "examples/examples.jar",
                "examples/topologies/wordcount.yaml", "examples/starter/pom.xml",
                "examples/starter/flux-topology.schema.json", "docs/cli.md", "README.md", "LICENSE", "NOTICE",
                "THIRD-PARTY.txt", "editors/fluxext-vscode.vsix")) {
            assertTrue(Files.isRegularFile(home.resolve(file)), file + " missing");
        }
        assertFalse(Files.exists(home.resolve("examples/starter/target")), "the starter's build output was packed");
    }

    /**
     * The README at the top is the distribution's own (what is in the box, the first commands, where the docs are),
     * not the clone's, whose build and CI instructions do not apply here.
     */
    @Test
    void theReadmeIsTheDistributionsOwn() throws IOException {
        String readme = Files.readString(home.resolve("README.md"));
        assertTrue(readme.startsWith("# fluxext binary distribution"), readme.lines().findFirst().orElse(""));
        for (String heading : List.of("## What is in the box", "## First commands", "## Documentation")) {
            assertTrue(readme.contains("\n" + heading + "\n"), "the distribution's README lacks " + heading);
        }
        for (String clone : List.of("From a clone", "mvn -B install", ".ci/run", "CI=true", "examples/README.md")) {
            assertFalse(readme.contains(clone), "the distribution's README speaks of the clone: " + clone);
        }
    }

    /**
     * Every relative link ({@code [text](target)}, {@code [label]: target}) of every {@code .md} file in the
     * unpacked distribution points at a file or directory the archive holds, and every {@code #anchor} into a
     * Markdown file at one of its headings (slugged as GitHub does) or {@code <a id>}s. A link to something that is
     * not shipped (a script of the source repository, say) must be written as text instead.
     */
    @Test
    void everyLinkOfTheShippedDocsResolvesInsideTheDistribution() throws IOException {
        List<Path> pages;
        try (Stream<Path> files = Files.walk(home)) {
            pages = files.filter(f -> f.toString().endsWith(".md") && Files.isRegularFile(f)).sorted().toList();
        }
        assertTrue(pages.size() > 10 && pages.contains(home.resolve("README.md")), "Markdown files found: " + pages);
        List<String> broken = new MarkdownLinks(home, "the distribution").broken(pages);
        assertEquals("", String.join("\n", broken), broken.size() + " link(s) of the shipped docs do not resolve "
                + "inside the distribution (FILE:LINE: link: why); ship the target, or name it as text");
    }

    @Test
    void theLicenceFilesNameEveryBundledLibrary() throws IOException {
        assertTrue(Files.readString(home.resolve("LICENSE")).contains("Apache License\n                           Version 2.0"),
                "LICENSE is not the Apache License 2.0");
        assertTrue(Files.readString(home.resolve("NOTICE")).contains("Apache License, Version 2.0"), "NOTICE");
        String thirdParty = Files.readString(home.resolve("THIRD-PARTY.txt"));
        List<String> unlisted = new ArrayList<>();
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            for (Path jar : lib.toList()) {
                // commons-lang3-3.10.jar is listed as "(licence) name (org.apache.commons:commons-lang3:3.10 - url)".
                Matcher name = Pattern.compile("(.+?)-(\\d[^-]*(?:-[^-]+)*)\\.jar")
                        .matcher(jar.getFileName().toString());
                assertTrue(name.matches(), "not ARTIFACT-VERSION.jar: " + jar.getFileName());
                if (!thirdParty.contains(":" + name.group(1) + ":" + name.group(2) + " ")) {
                    unlisted.add(jar.getFileName().toString());
                }
            }
        }
        assertTrue(unlisted.isEmpty(), "THIRD-PARTY.txt does not list " + unlisted);
        assertFalse(thirdParty.contains("Unknown license"), "a library without a licence:\n" + thirdParty);
    }

    @Test
    void theZipHoldsTheSameFilesAsTheTarball() throws IOException {
        Set<String> unpacked = new TreeSet<>();
        try (Stream<Path> files = Files.walk(home)) {
            files.filter(Files::isRegularFile)
                    .forEach(f -> unpacked.add(home.getFileName() + "/" + home.relativize(f).toString()));
        }
        Set<String> zipped = new TreeSet<>();
        try (ZipFile zip = new ZipFile(System.getProperty("distribution.zip"))) {
            zip.stream().filter(e -> !e.isDirectory()).forEach(e -> zipped.add(e.getName()));
        }
        assertEquals(unpacked, zipped);
    }

    @Test
    void runsWithAJreAndNoMaven() throws Exception {
        Run noMaven = flux(30, "version");
        assertEquals(0, noMaven.exitCode(), noMaven.output());
        assertTrue(noMaven.output().contains("Storm"), noMaven.output());

        Run valid = flux(60, "validate", "--jar", "examples/examples.jar", "examples/topologies/wordcount.yaml");
        assertEquals(0, valid.exitCode(), valid.output());
        assertTrue(valid.output().contains("topology 'wordcount' is valid"), valid.output());

        // Classes of the user's own (here a directory without the examples' classes): the launcher leaves the
        // examples' jar out, and the CLI names it, as it ships beside the file.
        String hint = "flux: package dev.fluxext.examples is in examples/examples.jar, next to the topology file: "
                + "add --jar examples/examples.jar";
        Run without = flux(60, "validate", "--classpath", "docs", "examples/topologies/wordcount.yaml");
        assertEquals(1, without.exitCode(), without.output());
        assertTrue(without.output().contains(hint), without.output());
        Run graph = flux(60, "graph", "--classpath", "docs", "examples/topologies/wordcount.yaml");
        assertEquals(0, graph.exitCode(), graph.output());
        assertTrue(graph.output().contains("digraph"), graph.output());
        assertTrue(graph.output().contains("flux: graph: not checked: 4 classes of dev.fluxext.examples"),
                graph.output());
        assertTrue(graph.output().contains(hint), graph.output());
    }

    /**
     * Example files whose commands need a Kafka broker running first (examples/scripts/kafka-broker.sh, in the
     * repository, not in the distribution): the examples module's KafkaRecordsIT runs them against one.
     */
    private static final Set<String> NEEDS_A_BROKER = Set.of("kafka-records.yaml");

    /**
     * Each {@code bin/flux} command in the example files' header comments and in the README (code blocks and inline
     * code) that names a file under {@code examples/}, run as written from the unpacked directory. A local submit
     * runs until its workers have processed tuples (seconds on a quiet machine, longer on a loaded one) and is then
     * stopped as Ctrl-C does: SIGTERM takes the same path, exit 0 with the cluster stopped. Anything else runs to
     * its end with exit 0. None may report a class it could not find.
     */
    @Test
    void everyExampleCommandOfTheExampleFilesAndTheReadmeRunsAsWritten() throws Exception {
        Set<String> commands = new java.util.LinkedHashSet<>();
        try (Stream<Path> files = Files.list(home.resolve("examples/topologies"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                if (NEEDS_A_BROKER.contains(file.getFileName().toString())) {
                    continue;
                }
                commands.addAll(headerCommands(Files.readAllLines(file)));
            }
        }
        int fromExamples = commands.size();
        commands.addAll(readmeCommands(Files.readString(home.resolve("README.md"))));
        int fromReadme = commands.size();
        // The clone's README is not shipped, but its commands that run an example hold here too.
        commands.addAll(readmeCommands(Files.readString(Path.of(System.getProperty("clone.readme")))));
        assertTrue(fromExamples >= 5 && fromReadme > fromExamples, "commands found: " + commands);
        // A real submission needs a cluster: run its --dry-run form instead (a README shows it too).
        List<String> needACluster = commands.stream()
                .filter(c -> c.contains(" --remote") && !c.contains("--dry-run")).toList();
        commands.removeAll(needACluster);
        System.out.println("not run (they need a Nimbus): " + needACluster);
        Path ledger = Path.of("/tmp/ledger"); // accounted-paragraphs.yaml's command writes there
        boolean ledgerExisted = Files.exists(ledger);
        try {
            for (String command : commands) {
                List<String> args = List.of(command.substring("bin/flux ".length()).trim().split("\\s+"));
                String output = args.get(0).equals("submit") && args.contains("--local")
                        ? untilTuplesFlow(args) : toTheEnd(command, args);
                assertFalse(output.contains("not found") || output.contains("jar missing"), command + "\n" + output);
                System.out.println("ran as written: " + command);
            }
        } finally {
            if (!ledgerExisted) {
                deleteRecursively(ledger);
            }
        }
    }

    /** {@code #   bin/flux ...} lines, joined where a line ends with a backslash. */
    static List<String> headerCommands(List<String> lines) {
        List<String> commands = new ArrayList<>();
        StringBuilder current = null;
        for (String line : lines) {
            if (!line.startsWith("#")) {
                break;
            }
            String text = line.substring(1).trim();
            if (current == null && text.startsWith("bin/flux ")) {
                current = new StringBuilder();
            }
            if (current != null) {
                boolean continued = text.endsWith("\\");
                current.append(continued ? text.substring(0, text.length() - 1) : text).append(' ');
                if (!continued) {
                    commands.add(current.toString().trim());
                    current = null;
                }
            }
        }
        return commands;
    }

    /** The README's {@code bin/flux} commands that run an example: lines of code blocks and inline code. */
    static List<String> readmeCommands(String readme) {
        List<String> commands = new ArrayList<>();
        Matcher inline = Pattern.compile("`(bin/flux [^`]+)`").matcher(readme);
        while (inline.find()) {
            commands.add(inline.group(1));
        }
        Matcher blockLine = Pattern.compile("(?m)^(?:.*&& )?(bin/flux .+)$").matcher(readme);
        while (blockLine.find()) {
            commands.add(blockLine.group(1));
        }
        return commands.stream().map(String::trim).filter(c -> c.contains(" examples/")).distinct().toList();
    }

    private static String toTheEnd(String command, List<String> args) throws Exception {
        Run run = flux(90, args.toArray(String[]::new));
        assertEquals(0, run.exitCode(), command + "\n" + run.output());
        return run.output();
    }

    private static String untilTuplesFlow(List<String> args) throws Exception {
        Path output = Files.createTempFile(tmp, "submit", ".out");
        Process submit = start(output, args.toArray(String[]::new));
        String command = "bin/flux " + String.join(" ", args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (Files.readString(output).lines().noneMatch(l -> l.matches("\\[\\s*\\d+s] \\S+:\\s+emitted [1-9].*"))) {
            if (!submit.isAlive() || System.nanoTime() > deadline) {
                submit.destroyForcibly().waitFor();
                throw new AssertionError(command + ": no progress line with tuples emitted:\n"
                        + Files.readString(output));
            }
            Thread.sleep(500);
        }
        submit.destroy();
        assertTrue(submit.waitFor(90, TimeUnit.SECONDS), command + ": still running after SIGTERM:\n"
                + Files.readString(output));
        String run = Files.readString(output);
        assertEquals(0, submit.exitValue(), command + "\n" + run);
        assertTrue(run.contains("submitted"), command + "\n" + run);
        assertTrue(run.contains("and the local cluster end with the process"), command + "\n" + run);
        return run;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
