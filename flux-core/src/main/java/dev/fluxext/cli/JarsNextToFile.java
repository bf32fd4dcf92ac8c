package dev.fluxext.cli;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.reflect.ClassFinder;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * The jar a missing class needs, when one ships beside the topology file: in the file's directory or the one above
 * (as {@code examples/examples.jar} beside {@code examples/topologies/} in the binary distribution). Only for
 * packages no class of which is on the classpath ({@link Code#MISSING_JAR}); only the jars' directories are read.
 */
final class JarsNextToFile {

    /** Enough for a project's directory; a directory full of jars is not "a jar next to the file". */
    private static final int MAX_JARS_PER_DIRECTORY = 50;

    private JarsNextToFile() {
    }

    /**
     * One line per jar beside {@code file} that holds a package the diagnostics found missing: which packages,
     * and the {@code --jar} to add, with the path as the user would type it from {@code workingDir}.
     */
    static List<String> hints(Path file, Path workingDir, List<Diagnostic> diagnostics) {
        List<String> packages = diagnostics.stream().filter(d -> d.code() == Code.MISSING_JAR)
            .map(d -> ClassFinder.missingPackage(d.message())).flatMap(Optional::stream).distinct().toList();
        if (packages.isEmpty()) {
            return List.of();
        }
        Path absolute = workingDir.resolve(file).toAbsolutePath().normalize();
        Map<Path, List<String>> byJar = new LinkedHashMap<>();
        for (String pkg : packages) {
            jarHolding(absolute, pkg).ifPresent(jar -> byJar.computeIfAbsent(jar, j -> new ArrayList<>()).add(pkg));
        }
        List<String> hints = new ArrayList<>();
        byJar.forEach((jar, held) -> {
            String shown = jar.startsWith(workingDir) ? workingDir.relativize(jar).toString() : jar.toString();
            hints.add("flux: " + (held.size() == 1 ? "package " : "packages ") + String.join(", ", held) + " "
                + (held.size() == 1 ? "is" : "are") + " in " + shown + ", next to the topology file: add --jar "
                + shown);
        });
        return hints;
    }

    private static Optional<Path> jarHolding(Path file, String pkg) {
        String entryPrefix = pkg.replace('.', '/') + "/";
        Path dir = file.getParent();
        for (int level = 0; level < 2 && dir != null; level++, dir = dir.getParent()) {
            for (Path jar : jars(dir)) {
                if (holds(jar, entryPrefix)) {
                    return Optional.of(jar);
                }
            }
        }
        return Optional.empty();
    }

    private static List<Path> jars(Path dir) {
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.jar")) {
            for (Path jar : entries) {
                if (jars.size() == MAX_JARS_PER_DIRECTORY) {
                    break;
                }
                if (Files.isRegularFile(jar)) {
                    jars.add(jar);
                }
            }
        } catch (IOException | SecurityException e) {
            return List.of(); // an unreadable directory offers no hint
        }
        jars.sort(null);
        return jars;
    }

    private static boolean holds(Path jar, String entryPrefix) {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            return file.stream().anyMatch(e -> e.getName().startsWith(entryPrefix) && e.getName().endsWith(".class")
                && e.getName().indexOf('/', entryPrefix.length()) < 0);
        } catch (IOException | SecurityException e) {
            return false; // not a jar we can read: no hint from it
        }
    }
}
