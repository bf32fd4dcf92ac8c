package dev.fluxext.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The clone's {@code bin/flux} while its first build runs, with a stand-in {@code mvn} (a script printing what
 * Maven prints, slowly, then failing): the launcher hands it FLUX_MAVEN_OPTS, reports the build's progress every
 * 10 s instead of staying silent, and on failure shows Maven's errors and exits 3.
 */
class CloneLauncherIT {

    @TempDir
    Path tmp;

    @Test
    void theFirstBuildGetsFluxMavenOptsAndReportsProgress() throws Exception {
        Path root = tmp.resolve("clone");
        Files.createDirectories(root.resolve("bin"));
        Files.copy(Path.of(System.getProperty("clone.launcher")), root.resolve("bin/flux"));
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        Path args = tmp.resolve("mvn-args.txt");
        Path mvn = Files.writeString(tools.resolve("mvn"), """
                #!/usr/bin/env bash
                echo "$*" > '%s'
                echo "[INFO] Building flux-compression 0.1.0-SNAPSHOT                        [1/3]"
                echo "Downloaded from central: https://repo/a.jar (1 kB at 1 kB/s)"
                echo "Downloaded from central: https://repo/b.jar (1 kB at 1 kB/s)"
                sleep 6
                echo "[INFO] Building flux-core 0.1.0-SNAPSHOT                               [2/3]"
                echo "[INFO] Building jar: /somewhere/flux-core.jar"
                sleep 6
                echo "[ERROR] Failed to execute goal on project flux-core: what Maven says"
                exit 1
                """.formatted(args));
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(root.resolve("bin/flux"), PosixFilePermissions.fromString("rwxr-xr-x"));

        ProcessBuilder builder = new ProcessBuilder(root.resolve("bin/flux").toString(), "version")
                .redirectErrorStream(true);
        builder.environment().put("PATH", tools + ":" + System.getenv("PATH"));
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().put("FLUX_MAVEN_OPTS", "-s mirror-settings.xml -Dmaven.repo.local=/data/m2");
        Process flux = builder.start();
        String output = new String(flux.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(flux.waitFor(60, TimeUnit.SECONDS), output);

        assertEquals(3, flux.exitValue(), output);
        List<String> mavenArgs = List.of(Files.readString(args).strip().split(" "));
        assertTrue(mavenArgs.containsAll(List.of("-s", "mirror-settings.xml", "-Dmaven.repo.local=/data/m2", "-pl",
                "examples", "package")), mavenArgs.toString());
        assertTrue(output.contains("flux: building flux-core [2/3], 10 s, 2 files downloaded"), output);
        assertTrue(output.contains("[ERROR] Failed to execute goal on project flux-core: what Maven says"), output);
        assertTrue(output.contains("flux: the build failed; its output is in "), output);
    }
}
