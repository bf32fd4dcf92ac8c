package dev.fluxext.run.local;

import java.io.File;
import java.io.IOException;
import java.util.zip.ZipFile;
import org.apache.storm.utils.ServerUtils;

/**
 * Storm's lookup of a local run's {@code resources/} directory (what a topology jar ships for its workers' working
 * directory, e.g. multilang scripts), made once per JVM instead of once per supervisor.
 *
 * <p>For each supervisor, Storm 2.8.3's local mode ({@code LocallyCachedTopologyBlob.resourcesJar}) opens every jar
 * of {@code java.class.path} and lists all its entries until one has a {@code resources/} directory: 52 jars and
 * 34,000 entries for bin/flux's classpath, which has none, on the way to each supervisor's first worker. The only
 * reader of the classpath there is {@code ServerUtils.currentClasspath()}, which Storm lets tests replace
 * ({@link ServerUtils#setInstance}); here it returns the one entry that decides Storm's search (the first jar that
 * has the directory, or that cannot be read, where Storm's search fails) or nothing, so Storm finds the same jar,
 * fails the same way, or falls back to the class loader's {@code resources} as before.
 */
final class ResourcesJarLookup extends ServerUtils {

    private static final String RESOURCES = "resources/";

    private volatile String decisive;

    private ResourcesJarLookup() {
    }

    /** Installs the lookup in this class loader's Storm, once; later calls do nothing. */
    static void install() {
        StormHooks.installOnce(new ResourcesJarLookup(), ServerUtils::setInstance);
    }

    @Override
    public String currentClasspathImpl() {
        String entry = decisive;
        if (entry == null) {
            entry = decisiveEntry(super.currentClasspathImpl());
            decisive = entry;
        }
        return entry;
    }

    /** The first jar of {@code classpath} that has a {@code resources/} directory or cannot be read, or "". */
    static String decisiveEntry(String classpath) {
        if (classpath == null) {
            return "";
        }
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.endsWith(".jar") && (!readable(entry) || hasResources(entry))) {
                return entry;
            }
        }
        return "";
    }

    private static boolean readable(String jar) {
        return new File(jar).isFile();
    }

    private static boolean hasResources(String jar) {
        try (ZipFile zip = new ZipFile(jar)) {
            return zip.stream().anyMatch(e -> e.getName().startsWith(RESOURCES));
        } catch (IOException e) {
            return true; // unreadable: Storm's own search fails on it
        }
    }
}
