package dev.fluxext.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.stream.Stream;

/** The topology files below a directory that match include globs and no exclude glob, in a stable order. */
final class TopologyFiles {

    private TopologyFiles() {
    }

    static List<Path> find(Path directory, List<String> includes, List<String> excludes) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        List<PathMatcher> in = matchers(directory.getFileSystem(), includes);
        List<PathMatcher> out = matchers(directory.getFileSystem(), excludes);
        try (Stream<Path> walk = Files.walk(directory)) {
            return walk.filter(Files::isRegularFile)
                    .filter(f -> matches(in, directory.relativize(f)) && !matches(out, directory.relativize(f)))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Maven users write Ant-style globs, where {@code **}{@code /x} also matches {@code x} at the top. */
    private static List<PathMatcher> matchers(FileSystem fs, List<String> globs) {
        return globs.stream()
                .flatMap(g -> g.startsWith("**/") ? Stream.of(g, g.substring(3)) : Stream.of(g))
                .map(g -> fs.getPathMatcher("glob:" + g)).toList();
    }

    private static boolean matches(List<PathMatcher> matchers, Path relative) {
        return matchers.stream().anyMatch(m -> m.matches(relative));
    }
}
