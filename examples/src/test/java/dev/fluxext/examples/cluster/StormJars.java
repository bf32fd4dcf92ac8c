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

    public static String classpath() throws IOException {
        return String.join(File.pathSeparator, all().stream().map(Path::toString).toList());
    }
}
