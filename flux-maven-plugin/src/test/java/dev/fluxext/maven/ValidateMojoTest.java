package dev.fluxext.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.model.Build;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;
import org.apache.maven.project.MavenProject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal in-process, with what it logs captured: each problem is printed once, the failure only counts them. */
class ValidateMojoTest {

    @TempDir
    Path tmp;

    /** Every message logged, as "level: text". */
    private final List<String> logged = new ArrayList<>();

    private ValidateMojo mojo() throws Exception {
        Files.createDirectories(tmp.resolve("classes"));
        MavenProject project = new MavenProject();
        Build build = new Build();
        build.setOutputDirectory(tmp.resolve("classes").toString());
        project.getModel().setBuild(build);
        ValidateMojo mojo = new ValidateMojo();
        mojo.project = project;
        mojo.directory = tmp.resolve("topologies").toFile();
        mojo.setLog((Log) Proxy.newProxyInstance(Log.class.getClassLoader(), new Class<?>[] {Log.class},
            (proxy, method, args) -> {
                if (method.getName().startsWith("is")) {
                    return true;
                }
                logged.add(method.getName() + ": " + (args == null ? "" : args[0]));
                return null;
            }));
        return mojo;
    }

    @Test
    void eachProblemIsPrintedOnceAndTheFailureCountsThem() throws Exception {
        Path file = tmp.resolve("topologies/broken.yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                spouts:
                  - id: words
                    className: org.apache.storm.testing.TestWordSpout
                    paralelism: 2
                bolts:
                  - id: count
                    className: org.apache.storm.testing.NoSuchBolt
                streams:
                  - {from: words, to: count, grouping: {type: SHUFFLE}}
                """);
        ValidateMojo mojo = mojo();

        MojoFailureException failure = assertThrows(MojoFailureException.class, mojo::execute);

        assertEquals("2 errors in topology files (listed above)", failure.getMessage());
        List<String> errors = logged.stream().filter(line -> line.startsWith("error: ")).toList();
        assertEquals(2, errors.size(), logged.toString());
        assertTrue(errors.get(0).contains("broken.yaml:4:5: unknown key 'paralelism'"), errors.toString());
        assertTrue(errors.get(1).contains("broken.yaml:7:16: class org.apache.storm.testing.NoSuchBolt"),
            errors.toString());
        for (String error : errors) {
            String line = error.substring("error: ".length());
            assertFalse(failure.getMessage().contains(line), "printed again by Maven: " + line);
            assertEquals(1, logged.stream().filter(l -> l.contains(line)).count(), line);
        }
    }
}
