package dev.fluxext.run.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one classpath entry that decides Storm's search for a jar with a {@code resources/} directory. */
class ResourcesJarLookupTest {

    @TempDir
    Path dir;

    @Test
    void theFirstJarWithAResourcesEntryDecidesEvenWithoutADirectoryEntry() throws IOException {
        Path plain = jar("plain.jar", "dev/fluxext/A.class", "resourcesish/x.txt");
        Path first = jar("first.jar", "resources/scripts/split.py");
        Path second = jar("second.jar", "resources/", "resources/other.txt");

        assertEquals(first.toString(), ResourcesJarLookup.decisiveEntry(path(plain, dir, first, second)));
    }

    @Test
    void anUnreadableJarBeforeAnyWithResourcesDecides() throws IOException {
        Path missing = dir.resolve("missing.jar");
        Files.writeString(dir.resolve("broken.jar"), "not a zip");
        Path with = jar("with.jar", "resources/a.txt");

        assertEquals(missing.toString(), ResourcesJarLookup.decisiveEntry(path(missing, with)));
        assertEquals(dir.resolve("broken.jar").toString(),
            ResourcesJarLookup.decisiveEntry(path(dir.resolve("broken.jar"), with)));
    }

    @Test
    void noJarWithResourcesLeavesNothingToSearch() throws IOException {
        Path plain = jar("plain.jar", "dev/fluxext/A.class");

        assertEquals("", ResourcesJarLookup.decisiveEntry(path(plain, dir)));
        assertEquals("", ResourcesJarLookup.decisiveEntry(null));
    }

    private Path jar(String name, String... entries) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (String entry : entries) {
                out.putNextEntry(new JarEntry(entry));
                out.closeEntry();
            }
        }
        return jar;
    }

    private static String path(Path... entries) {
        StringBuilder path = new StringBuilder();
        for (Path entry : entries) {
            path.append(path.length() == 0 ? "" : File.pathSeparator).append(entry);
        }
        return path.toString();
    }
}
