package dev.fluxext.reflect;

import dev.fluxext.diag.Suggestions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * Loads classes by name for one topology, caching them (a topology names the same few classes many times). When a
 * class does not exist, suggests the nearest existing one: only then does it list the classes of the named package
 * and of Storm's usual packages, so the normal path stays cheap.
 */
public final class ClassFinder {

    /** Where Storm's ready-made spouts, bolts, groupings and hooks live: searched for a misremembered package. */
    private static final List<String> WELL_KNOWN_PACKAGES = List.of("org.apache.storm.testing",
            "org.apache.storm.topology", "org.apache.storm.topology.base", "org.apache.storm.spout",
            "org.apache.storm.bolt", "org.apache.storm.grouping", "org.apache.storm.hooks",
            "org.apache.storm.task", "org.apache.storm.tuple",
            // Our equivalents of Storm Flux's wrappers: org.apache.storm.flux.wrappers.* files are pointed here.
            "dev.fluxext.wrappers.bolts", "dev.fluxext.wrappers.spouts");

    private final ClassLoader loader;
    private final Map<String, Class<?>> found = new HashMap<>();

    public ClassFinder(ClassLoader loader) {
        this.loader = loader;
    }

    /** Finds classes with the context class loader (the topology jar's classes when run by Storm or the CLI). */
    public static ClassFinder forContext() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return new ClassFinder(context != null ? context : ClassFinder.class.getClassLoader());
    }

    public ClassLoader loader() {
        return loader;
    }

    /** The class named {@code name} (binary name: {@code Outer$Inner} for nested classes). */
    public Class<?> find(String name) throws ReflectException {
        Class<?> cached = found.get(name);
        if (cached != null) {
            return cached;
        }
        try {
            // Not initialized: static initializers run only when the object is created, as in Storm.
            Class<?> loaded = Class.forName(name, false, loader);
            found.put(name, loaded);
            return loaded;
        } catch (ClassNotFoundException e) {
            throw new ReflectException("class " + name + " not found" + suggestion(name));
        } catch (LinkageError e) { // it exists: "not found" (and a suggestion of itself) would mislead
            throw new ReflectException(cannotLoad(name, e));
        }
    }

    /** Why an existing class cannot be loaded, e.g. a class it extends is missing from the classpath. */
    public static String cannotLoad(String name, LinkageError e) {
        return "class " + name + " exists but cannot be loaded: " + e.getClass().getName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage())
                + (e instanceof NoClassDefFoundError ? " (a class it needs is not on the classpath)" : "");
    }

    private Optional<Class<?>> tryLoad(String name) {
        try {
            // Not initialized: static initializers run only when the object is created, as in Storm.
            return Optional.of(Class.forName(name, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();
        }
    }

    private String suggestion(String name) {
        int lastDot = name.lastIndexOf('.');
        if (lastDot > 0) {
            String nested = name.substring(0, lastDot) + "$" + name.substring(lastDot + 1);
            if (tryLoad(nested).isPresent()) {
                return "; a nested class is written with '$': " + nested;
            }
        }
        String pkg = lastDot > 0 ? name.substring(0, lastDot) : "";
        String simple = name.substring(lastDot + 1);
        Set<String> candidates = new LinkedHashSet<>(classesIn(pkg));
        for (String wellKnown : WELL_KNOWN_PACKAGES) {
            candidates.addAll(classesIn(wellKnown));
        }
        for (String candidate : candidates) { // right class, wrong package
            if (candidate.substring(candidate.lastIndexOf('.') + 1).equals(simple)) {
                return "; did you mean " + candidate + "?";
            }
        }
        return Suggestions.nearest(name, candidates).map(n -> "; did you mean " + n + "?").orElse("");
    }

    /** Top-level class names in a package, from the class loader's directories and jars. */
    private List<String> classesIn(String pkg) {
        String path = pkg.replace('.', '/');
        List<String> names = new ArrayList<>();
        try {
            for (URL url : Collections.list(loader.getResources(path.isEmpty() ? "" : path + "/"))) {
                for (String file : list(url, path)) {
                    if (file.endsWith(".class") && !file.contains("$") && !file.contains("-")) {
                        String simple = file.substring(0, file.length() - ".class".length());
                        names.add(pkg.isEmpty() ? simple : pkg + "." + simple);
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // Only a suggestion is lost.
        }
        return names;
    }

    private static List<String> list(URL url, String path) throws IOException {
        if ("jar".equals(url.getProtocol())) {
            JarURLConnection connection = (JarURLConnection) url.openConnection();
            connection.setUseCaches(false);
            try (var jar = connection.getJarFile()) {
                String prefix = path + "/";
                return jar.stream().map(JarEntry::getName)
                        .filter(n -> n.startsWith(prefix) && n.indexOf('/', prefix.length()) < 0)
                        .map(n -> n.substring(prefix.length())).toList();
            }
        }
        if ("file".equals(url.getProtocol())) {
            try (Stream<Path> files = Files.list(Paths.get(url.toURI()))) {
                return files.map(p -> p.getFileName().toString()).toList();
            } catch (URISyntaxException e) {
                return List.of();
            }
        }
        return List.of();
    }
}
