package dev.fluxext.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.build.testing.InitCountingSides;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.run.process.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.tools.ToolProvider;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code validate --static} and {@code graph} check a file by signature: nothing it names is created and no static
 * initializer runs. Plain {@code validate} does both (as submitting would), which the same files show.
 */
class StaticCheckTest {

    @TempDir
    Path dir;

    private static final Map<String, String> ENV = Map.of("PATH", System.getenv().getOrDefault("PATH", ""));

    private static CliRun run(String... args) {
        return CliRun.with(FluxLoader::load, ENV, args);
    }

    private Path write(String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml);
    }

    private static String topology(String spoutClass, String boltClass, String extra) {
        return "name: t\n" + extra + """
                spouts:
                  - id: s
                    className: %s
                bolts:
                  - id: b
                    className: %s
                streams:
                  - from: s
                    to: b
                    grouping: {type: fields, args: [word]}
                """.formatted(spoutClass, boltClass);
    }

    @Test
    void aFileNamingFileOutputStreamCreatesNoFileWhenCheckedStaticallyOrGraphed() throws IOException {
        Path victim = dir.resolve("victim.txt");
        Path file = write("truncate.yaml", topology("org.apache.storm.testing.TestWordSpout",
                "org.apache.storm.testing.TestWordCounter", """
                components:
                  - id: out
                    className: java.io.FileOutputStream
                    constructorArgs: ["%s"]
                """.formatted(victim)));

        CliRun checked = run("validate", "--static", file.toString());
        assertEquals(0, checked.exitCode(), checked.err());
        assertTrue(checked.out().contains("is valid (1 spout, 1 bolt; checked by signature"), checked.out());
        CliRun graphed = run("graph", "--format", "mermaid", file.toString());
        assertEquals(0, graphed.exitCode(), graphed.err());
        assertTrue(graphed.out().contains("s") && graphed.out().contains("fields(word)"), graphed.out());
        assertFalse(Files.exists(victim), "a static check or a graph created the file");

        CliRun built = run("validate", file.toString());
        assertEquals(0, built.exitCode(), built.err());
        assertTrue(Files.exists(victim), "plain validate constructs components (documented)");
    }

    @Test
    void staticCheckStillFindsWrongConstructorsMethodsAndTypes() throws IOException {
        Path file = write("wrong.yaml", topology("org.apache.storm.testing.TestWordCounter",
                "org.apache.storm.testing.TestWordCounter", """
                components:
                  - id: out
                    className: java.io.FileOutputStream
                    constructorArgs: [1, 2, 3]
                  - id: list
                    className: java.util.ArrayList
                    configMethods:
                      - name: ad
                        args: [x]
                      - name: add
                        args: [1, x, 3]
                """));
        CliRun checked = run("validate", "--static", file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, checked.exitCode(), checked.err());
        assertTrue(checked.err().contains(file + ":4:16: no constructor of java.io.FileOutputStream takes 3 arguments"),
                checked.err());
        assertTrue(checked.err().contains(file + ":9:15: java.util.ArrayList has no public method 'ad' (did you mean "
                + "'add'?)"), checked.err());
        assertTrue(checked.err().contains(file + ":11:15: no method ArrayList.add takes 3 arguments"), checked.err());
        assertTrue(checked.err().contains(file + ":15:16: org.apache.storm.testing.TestWordCounter is not a spout"),
                checked.err());
    }

    @Test
    void staticInitializersRunOnlyWhenBuilding() throws IOException {
        Path file = write("init.yaml", topology("dev.fluxext.build.testing.InitCountingSpout",
                "dev.fluxext.build.testing.FailingInitBolt", ""));
        int initializedBefore = InitCountingSides.STATIC_INITIALIZERS_RUN.get();
        int createdBefore = InitCountingSides.CONSTRUCTORS_RUN.get();

        CliRun checked = run("validate", "--static", file.toString());
        assertEquals(0, checked.exitCode(), checked.err());
        CliRun graphed = run("graph", file.toString());
        assertEquals(0, graphed.exitCode(), graphed.err());
        assertEquals(initializedBefore, InitCountingSides.STATIC_INITIALIZERS_RUN.get(), "a static initializer ran");
        assertEquals(createdBefore, InitCountingSides.CONSTRUCTORS_RUN.get(), "a constructor ran");

        // Building runs both, and a throwing initializer is the file's error at the class name, not an internal one.
        CliRun built = run("validate", file.toString());
        assertEquals(ExitCodes.INVALID_TOPOLOGY, built.exitCode(), built.err());
        assertTrue(built.err().contains(file + ":7:16: class dev.fluxext.build.testing.FailingInitBolt cannot be "
                + "created: its static initializer failed: java.lang.IllegalStateException: static initializer ran"),
                built.err());
        assertFalse(built.err().contains("internal error"), built.err());
        assertTrue(InitCountingSides.CONSTRUCTORS_RUN.get() > createdBefore);
    }

    @Test
    void aTopologySourceThatExistsButCannotBeLoadedReportsTheCause() throws Exception {
        // Source extends Base; Base.class is then removed, as when a jar the class needs is missing.
        Path src = Files.createDirectories(dir.resolve("src/ext"));
        Files.writeString(src.resolve("Base.java"), "package ext; public class Base {}");
        Files.writeString(src.resolve("Source.java"), "package ext; public class Source extends Base {"
                + " public org.apache.storm.generated.StormTopology getTopology() { return null; } }");
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int javac = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                "-cp", System.getProperty("java.class.path"), src.resolve("Base.java").toString(),
                src.resolve("Source.java").toString());
        assertEquals(0, javac);
        Files.delete(classes.resolve("ext/Base.class"));
        Path file = write("source.yaml", "name: t\ntopologySource:\n  className: ext.Source\n");

        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, before)) {
            thread.setContextClassLoader(loader);
            for (String mode : new String[] {"--static", "--verbose"}) {
                CliRun run = run("validate", mode, file.toString());
                assertEquals(ExitCodes.INVALID_TOPOLOGY, run.exitCode(), run.err());
                assertTrue(run.err().contains(file + ":3:14: class ext.Source exists but cannot be loaded: "
                        + "java.lang.NoClassDefFoundError: ext/Base (a class it needs is not on the classpath)"),
                        run.err());
                assertFalse(run.err().contains("did you mean"), run.err());
            }
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
