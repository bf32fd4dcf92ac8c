package dev.fluxext.differential;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The differential corpus: one directory per public project under {@code src/test/resources/differential}, holding
 * the project's Flux files as it publishes them (data, unchanged), {@code project.properties} (where they come from,
 * at which commit or version, and which jars make up the classpath) and {@code expected.tsv}: one row per file with
 * the outcome the suite expects and the names of the differences it expects. After a fix, change the row.
 */
final class Corpus {

    static final Path ROOT = Path.of("src/test/resources/differential");
    static final Path JARS = Path.of("target/differential");

    enum Outcome {
        /** Both build, and the topologies and configs are equal part by part. */
        IDENTICAL,
        /** Storm rejects it (Flux fails, or Storm's submit checks refuse what Flux built), and so does fluxext. */
        BOTH_REJECT,
        /** Both reject it because a class it names is not on the classpath: no jar of it is published. */
        MISSING_CLASS,
        /** The outcomes differ; every difference must be one of the case's named ones. */
        DIFFERENT
    }

    record Project(String name, Path dir, String source, String version, String classpath, List<Path> jarDirs,
                   Properties properties) {

        /** The project's classes over the test classpath (Storm, fluxext): both Fluxes see these. */
        ClassLoader loader(ClassLoader parent) {
            return new URLClassLoader(name, jars().toArray(URL[]::new), parent);
        }

        List<URL> jars() {
            List<URL> urls = new ArrayList<>();
            for (Path dir : jarDirs) {
                try (Stream<Path> jars = Files.list(dir)) {
                    for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                        urls.add(jar.toAbsolutePath().toUri().toURL());
                    }
                } catch (MalformedURLException e) {
                    throw new IllegalStateException(e);
                } catch (IOException e) {
                    throw new UncheckedIOException("run the build's process-test-resources phase first: " + dir, e);
                }
            }
            return urls;
        }

        /** Flux runs in the file's directory (its relative includes are read from there), in a JVM of its own. */
        boolean fluxInProjectDirectory() {
            return Boolean.parseBoolean(properties.getProperty("fluxInProjectDirectory"));
        }
    }

    record Case(Project project, String file, Outcome outcome, Set<Named> names, String note) {

        Path path() {
            return project.dir().resolve(file);
        }

        Optional<Path> filter() {
            return Optional.ofNullable(project.properties().getProperty("filter." + file,
                    project.properties().getProperty("filter"))).map(project.dir()::resolve);
        }

        /**
         * The directory both Fluxes run in, where relative includes are read from: {@code workingDirectory.<file>} or
         * {@code workingDirectory} (relative to the project's directory) or, with {@code fluxInProjectDirectory}, the
         * file's own; else none (the test's). Storm's Flux then runs in a JVM of its own, which costs seconds a file.
         */
        Optional<Path> workingDirectory() {
            String dir = project.properties().getProperty("workingDirectory." + file,
                    project.properties().getProperty("workingDirectory"));
            if (dir != null) {
                return Optional.of(project.dir().resolve(dir).normalize());
            }
            return project.fluxInProjectDirectory() ? Optional.of(path().getParent()) : Optional.empty();
        }

        /** {@code --env-filter}, for the files whose project runs them with it. */
        boolean envFilter() {
            return Boolean.parseBoolean(project.properties().getProperty("envFilter." + file));
        }

        @Override
        public String toString() {
            return project.name() + "/" + file;
        }
    }

    private Corpus() {
    }

    static List<Project> projects() {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(Files::isDirectory).sorted().map(Corpus::project).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Project project(Path dir) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve("project.properties"))) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Path> jarDirs = Arrays.stream(p.getProperty("jars", "").split(",")).map(String::strip)
                .filter(s -> !s.isEmpty()).map(JARS::resolve).toList();
        return new Project(dir.getFileName().toString(), dir, required(p, "source", dir),
                required(p, "version", dir), required(p, "classpath", dir), jarDirs, p);
    }

    private static String required(Properties p, String key, Path dir) {
        String value = p.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(dir.resolve("project.properties") + " has no " + key);
        }
        return value;
    }

    /** The rows of {@code expected.tsv}: file, outcome, names (comma-separated, may be empty), note. */
    static List<Case> cases(Project project) {
        List<Case> cases = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(project.dir().resolve("expected.tsv"))) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 4) {
                    throw new IllegalStateException(project.name() + "/expected.tsv: not 4 cells: " + line);
                }
                Set<Named> names = new LinkedHashSet<>();
                for (String name : cells[2].split(",")) {
                    if (!name.isBlank()) {
                        names.add(Named.valueOf(name.strip()));
                    }
                }
                cases.add(new Case(project, cells[0], Outcome.valueOf(cells[1]), names, cells[3]));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }
}
