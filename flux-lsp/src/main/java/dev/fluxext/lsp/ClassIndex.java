package dev.fluxext.lsp;

import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The class names of the classpath the server checks against (the user's jars and class directories, the editor's
 * {@code classpath} setting, and the server's own: Storm, ...), for completing {@code className:}. Names come from
 * the jars' and directories' listings, read once in the background, at most {@value #MAX_CLASSES} names and
 * {@value #MAX_SCAN_MILLIS} ms; nested classes, shaded copies and {@code module-info}/{@code package-info} are
 * left out. A query looks at the listing only, then reads the class file header of at most {@value #MAX_CHECKED}
 * candidates to keep the public classes that are neither interfaces nor annotations. No class is loaded.
 */
final class ClassIndex {

    static final int MAX_CLASSES = 300_000;
    static final long MAX_SCAN_MILLIS = 5_000;
    static final int MAX_CHECKED = 400;

    private final ClassLoader loader;
    private final CompletableFuture<List<String>> names;

    ClassIndex(ClassLoader loader) {
        this.loader = loader;
        this.names = CompletableFuture.supplyAsync(() -> scan(roots(loader)), command -> {
            Thread thread = new Thread(command, "flux-lsp-class-index");
            thread.setDaemon(true);
            thread.setPriority(Thread.MIN_PRIORITY);
            thread.start();
        });
    }

    /** Whether the listing is read (before that, queries find nothing and say so). */
    boolean ready() {
        return names.isDone();
    }

    /** Waits for the listing at most {@code millis}. */
    boolean await(long millis) {
        try {
            names.get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * Public, creatable-looking classes whose name starts with {@code prefix} or, for a prefix without a dot, whose
     * simple name does (case-insensitive); at most {@code limit}, in name order.
     */
    List<String> matching(String prefix, int limit) {
        List<String> all = names.getNow(List.of());
        String lower = prefix.toLowerCase(Locale.ROOT);
        boolean simple = !prefix.contains(".");
        List<String> found = new ArrayList<>();
        int checked = 0;
        for (String name : all) {
            String lowerName = name.toLowerCase(Locale.ROOT);
            boolean match = lowerName.startsWith(lower)
                || simple && lowerName.substring(lowerName.lastIndexOf('.') + 1).startsWith(lower);
            if (!match) {
                continue;
            }
            if (++checked > MAX_CHECKED || found.size() >= limit) {
                break;
            }
            if (isPublicClass(name)) {
                found.add(name);
            }
        }
        return found;
    }

    /** Reads the access flags in the class file's header: public, not an interface nor an annotation. */
    private boolean isPublicClass(String name) {
        try (InputStream in = loader.getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                return false;
            }
            DataInputStream data = new DataInputStream(in);
            if (data.readInt() != 0xCAFEBABE) {
                return false;
            }
            data.readUnsignedShort();
            data.readUnsignedShort();
            int count = data.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = data.readUnsignedByte();
                switch (tag) {
                    case 1 -> data.skipNBytes(data.readUnsignedShort());
                    case 7, 8, 16, 19, 20 -> data.skipNBytes(2);
                    case 15 -> data.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> data.skipNBytes(4);
                    case 5, 6 -> {
                        data.skipNBytes(8);
                        i++;
                    }
                    default -> {
                        return false;
                    }
                }
            }
            int access = data.readUnsignedShort();
            return (access & 0x0001) != 0 && (access & 0x0200) == 0 && (access & 0x2000) == 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** The jars and directories of {@code loader} and its parents, and of the server's own class path. */
    static List<Path> roots(ClassLoader loader) {
        Set<Path> roots = new LinkedHashSet<>();
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            if (l instanceof URLClassLoader urls) {
                for (URL url : urls.getURLs()) {
                    try {
                        if ("file".equals(url.getProtocol())) {
                            roots.add(Path.of(url.toURI()));
                        }
                    } catch (URISyntaxException | IllegalArgumentException e) {
                        // not a file: nothing to list
                    }
                }
            }
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                roots.add(Path.of(entry).toAbsolutePath());
            }
        }
        return List.copyOf(roots);
    }

    static List<String> scan(List<Path> roots) {
        long deadline = System.currentTimeMillis() + MAX_SCAN_MILLIS;
        Set<String> names = new TreeSet<>();
        for (Path root : roots) {
            if (names.size() >= MAX_CLASSES || System.currentTimeMillis() > deadline) {
                break;
            }
            if (Files.isDirectory(root)) {
                try (Stream<Path> files = Files.walk(root, 32)) {
                    files.limit(MAX_CLASSES).forEach(f -> add(names, root.relativize(f).toString()
                        .replace(File.separatorChar, '/')));
                } catch (IOException | RuntimeException e) {
                    // an unreadable directory adds nothing
                }
            } else if (Files.isRegularFile(root)) {
                try (ZipFile jar = new ZipFile(root.toFile())) {
                    for (Enumeration<? extends ZipEntry> e = jar.entries(); e.hasMoreElements()
                        && names.size() < MAX_CLASSES;) {
                        add(names, e.nextElement().getName());
                    }
                } catch (IOException | RuntimeException e) {
                    // not a jar
                }
            }
        }
        return List.copyOf(names);
    }

    private static void add(Set<String> names, String path) {
        if (!path.endsWith(".class") || path.contains("$") || path.startsWith("META-INF/")
            || path.endsWith("module-info.class") || path.endsWith("package-info.class")) {
            return;
        }
        String name = path.substring(0, path.length() - ".class".length()).replace('/', '.');
        if (!name.contains(".shade.") && !name.contains("-")) {
            names.add(name);
        }
    }
}
