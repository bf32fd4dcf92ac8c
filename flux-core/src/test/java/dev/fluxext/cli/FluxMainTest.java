package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.jar.JarOutputStream;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Storm-style entry point ({@code storm jar app.jar dev.fluxext.cli.Flux ...}) with Flux's option names. */
class FluxMainTest {

    @TempDir
    Path tmp;

    private static CliRun flux(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliContext context = new CliContext(TestTopologies::load, Map.of("HOME", "/h"), Path.of("").toAbsolutePath(),
            new PrintWriter(out, true), new PrintWriter(err, true));
        int code = FluxCli.commandLine(new Flux(context), context).execute(args);
        return new CliRun(code, out.toString(), err.toString());
    }

    @Test
    void helpShowsPlaceholderSyntaxLiterally() {
        String help = flux("--help").out();
        assertTrue(help.contains("${key}") && help.contains("${ENV-NAME}") && !help.contains("null"), help);
    }

    @Test
    void dryRunWithNoDetailPrintsOnlyWhatWasBuilt() {
        CliRun run = flux("--dry-run", "--no-detail", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().contains("built (1 spout, 2 bolts); not submitted"), run.out());
        assertTrue(!run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
    }

    @Test
    void dryRunPrintsTheBannerAndTheTopology() {
        CliRun run = flux("--dry-run", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertTrue(run.out().startsWith("fluxext 0.1.0-SNAPSHOT"), run.out());
        assertTrue(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
        assertTrue(run.out().contains("not submitted"), run.out());
    }

    @Test
    void fluxsOptionNamesReachTheLoader() throws Exception {
        Path props = Files.writeString(tmp.resolve("p.properties"), "a=b\n");
        CliRun run = flux("--dry-run", "--no-splash", "--filter", props.toString(), "--env-filter", "--resource",
            "-c", "topology.workers=4", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        assertFalse(run.out().contains("fluxext 0.1.0"), run.out());
        assertEquals(props, TestTopologies.lastOptions.filter().orElseThrow());
        assertTrue(TestTopologies.lastOptions.envFilter());
        assertTrue(TestTopologies.lastOptions.resource());
        assertEquals(Map.of("topology.workers", 4), TestTopologies.lastOptions.configOverrides());
    }

    @Test
    void noDetailSkipsTheSummaryAndRemoteNeedsAJar() {
        CliRun run = flux("--no-detail", "--no-splash", "--remote", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode());
        assertEquals("", run.out());
        assertTrue(run.err().contains("pass it with --jar FILE"), run.err());
    }

    @Test
    void invalidTopologiesAndBadOptionsExitAsDocumented() {
        assertEquals(ExitCodes.INVALID_TOPOLOGY, flux("--dry-run", "broken.yaml").exitCode());
        assertEquals(ExitCodes.USAGE, flux("--local", "--remote", "words.yaml").exitCode());
        assertEquals(ExitCodes.USAGE, flux("--dry-run").exitCode());
        CliRun help = flux("--help");
        for (String option : List.of("--local", "--remote", "--dry-run", "--filter", "--env-filter", "--inactive",
                "--no-splash", "--no-detail", "--resource")) {
            assertTrue(help.out().contains(option), option + " missing:\n" + help.out());
        }
    }

    /** {@code storm jar JAR dev.fluxext.cli.Flux ARGS}: the script's handling of ARGS, then Flux in-process. */
    private CliRun underStormJar(String... args) throws IOException {
        Path jar = tmp.resolve("app.jar");
        new JarOutputStream(Files.newOutputStream(jar)).close();
        StormScript script = StormScript.jar(jar.toString(), args);
        Map<String, String> previous = new HashMap<>();
        script.properties().forEach((key, value) -> previous.put(key, System.setProperty(key, value)));
        try {
            return flux(script.mainArgs().toArray(String[]::new));
        } finally {
            previous.forEach((key, value) -> {
                if (value == null) {
                    System.clearProperty(key);
                } else {
                    System.setProperty(key, value);
                }
            });
        }
    }

    @Test
    void dashCTakenByTheStormScriptStillReachesTheChecksAndTheSummary() throws IOException {
        CliRun run = underStormJar("--dry-run", "-c", "topology.workers=3", "-c", "topology.debug=true", "words.yaml");
        assertEquals(ExitCodes.OK, run.exitCode(), run.err());
        Map<String, Object> overrides = TestTopologies.lastOptions.configOverrides();
        assertEquals(3, ((Number) overrides.get("topology.workers")).intValue(), overrides.toString());
        assertEquals(true, overrides.get("topology.debug"), overrides.toString());
    }

    @Test
    void configKeyValueUnderTheStormScriptSaysToUseDashC() throws IOException {
        CliRun run = underStormJar("--dry-run", "--config", "topology.workers=3", "words.yaml");
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.out());
        assertTrue(run.err().contains("--config names Storm's own config file (storm.yaml) and 'topology.workers=3' "
            + "was taken for one; to override a topology config value use -c topology.workers=3"), run.err());
        assertFalse(run.err().contains("internal error"), run.err());
    }

    @Test
    void submittingIsNotCalledADryRunAndNamesTheNimbus() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        CliRun run = underStormJar("--remote", "-c", "nimbus.seeds=[\"localhost\"]", "-c",
            "nimbus.thrift.port=" + closedPort, "-c", "storm.nimbus.retry.times=0", "words.yaml");
        assertEquals(ExitCodes.FAILURE, run.exitCode(), run.out() + run.err());
        assertFalse(run.out().contains("dry run"), run.out());
        assertTrue(run.out().contains("spout words: org.apache.storm.testing.TestWordSpout"), run.out());
        assertTrue(run.out().contains("submitting topology 'words' to Nimbus at localhost:" + closedPort
            + " (nimbus.seeds from the topology config)"), run.out());
    }

    /** The real entry point in a fresh JVM (Storm's Utils not yet initialized), with {@code classpath}. */
    private static Process child(String classpath, List<String> jvmOptions, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath));
        command.addAll(jvmOptions);
        command.add(Flux.class.getName());
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    private static String output(Process process) throws Exception {
        String out = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        process.waitFor();
        return out;
    }

    @Test
    void configKeyValueInAFreshJvmIsAUsageErrorNotAnInitializerError() throws Exception {
        // What `storm jar ... --config topology.workers=3` starts: storm.conf.file names a file that is no file.
        Process process = child(System.getProperty("java.class.path"), List.of("-Dstorm.conf.file=topology.workers=3"),
            "--dry-run", RealYamlTest.file("words.yaml"));
        String out = output(process);
        assertEquals(ExitCodes.USAGE, process.exitValue(), out);
        assertTrue(out.contains("use -c topology.workers=3"), out);
        assertFalse(out.contains("ExceptionInInitializerError"), out);
    }

    @Test
    void localWithoutStormServerSaysWhatIsMissing() throws Exception {
        // `storm jar` gives the main class Storm's worker libraries only: storm-client, not storm-server.
        String stormServer = Path.of(org.apache.storm.LocalCluster.class.getProtectionDomain().getCodeSource()
            .getLocation().toURI()).toString();
        String classpath = java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
            .filter(entry -> !Path.of(entry).toAbsolutePath().toString().equals(stormServer))
            .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
        Process process = child(classpath, List.of(), "--local", "--no-detail", RealYamlTest.file("words.yaml"));
        String out = output(process);
        assertEquals(ExitCodes.USAGE, process.exitValue(), out);
        assertTrue(out.contains("--local needs Storm's server classes (storm-server"), out);
        assertTrue(out.contains("storm local app.jar dev.fluxext.cli.Flux FILE"), out);
        assertFalse(out.contains("NoClassDefFoundError"), out);
    }
}
