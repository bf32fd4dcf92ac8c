package dev.fluxext.examples.cluster;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;
import org.yaml.snakeyaml.Yaml;

/**
 * Storm's jars as Maven resolved them (the examples' provided scope, written to {@code storm.classpath} by
 * {@code package}): what a Storm installation's {@code lib/} holds.
 */
public final class StormJars {

    private StormJars() {
    }

    /**
     * Libraries Storm needs that flux-core needs too: Maven files them under our compile scope, so the
     * provided-scope list lacks them; they are taken from this JVM's classpath.
     */
    private static final List<Class<?>> SHARED_WITH_STORM = List.of(LoggerFactory.class, Yaml.class,
            ObjectMapper.class, JsonFactory.class, JsonAutoDetect.class);

    /** A Storm line other than the one the project builds against: its version and its jars. */
    public record Line(String version, List<Path> jars) {
        @Override
        public String toString() {
            return version;
        }
    }

    /**
     * The older Storm lines (property {@code storm.lines}: their classpath files, written by module storm-lines),
     * oldest first. Each file lists the line's whole Storm, the libraries it shares with us included.
     */
    public static List<Line> olderLines() throws IOException {
        List<Line> lines = new ArrayList<>();
        for (String file : System.getProperty("storm.lines", "").split(",")) {
            if (file.isBlank()) {
                continue;
            }
            List<Path> jars = Arrays.stream(Files.readString(Path.of(file.strip())).strip().split(File.pathSeparator))
                    .map(Path::of).toList();
            String version = jars.stream().map(jar -> jar.getFileName().toString())
                    .filter(name -> name.matches("storm-client-[0-9.]+\\.jar")).findFirst()
                    .map(name -> name.substring("storm-client-".length(), name.length() - ".jar".length()))
                    .orElseThrow(() -> new IOException("no storm-client jar listed in " + file));
            lines.add(new Line(version, jars));
        }
        return lines;
    }

    /** Storm and its libraries, what a Storm installation's {@code lib/} holds. */
    public static List<Path> all() throws IOException {
        String listed = Files.readString(Path.of(System.getProperty("storm.classpath", "target/storm.classpath"))).strip();
        List<Path> jars = new ArrayList<>(Arrays.stream(listed.split(File.pathSeparator)).map(Path::of).toList());
        try {
            for (Class<?> type : SHARED_WITH_STORM) {
                jars.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()));
            }
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        // A library Storm's list already holds (SLF4J, since the examples depend on it too) once, Storm's copy first.
        Map<String, Path> byName = new LinkedHashMap<>();
        jars.forEach(jar -> byName.putIfAbsent(jar.getFileName().toString(), jar));
        return List.copyOf(byName.values());
    }

    public static String classpath(List<Path> jars) {
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }
}
