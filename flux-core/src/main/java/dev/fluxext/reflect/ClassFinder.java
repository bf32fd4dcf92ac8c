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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.stream.Stream;

/**
 * Loads classes by name for one topology, caching them (a topology names the same few classes many times). When a
 * class does not exist, says why as far as it can tell: a missing jar (no class of the package is on the classpath),
 * or a likely typo. Only then does it list the classes of the named package and of Storm's usual packages, so the
 * normal path stays cheap.
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
            Optional<String> nested = nestedWithADot(name);
            if (nested.isPresent()) {
                throw new ReflectException("class " + name + " not found; a nested class is written with '$': "
                        + nested.get()).suggesting(nested);
            }
            Optional<String> missingJar = missingJar(name);
            if (missingJar.isPresent()) {
                throw ReflectException.packageMissing("class " + name + " not found: " + missingJar.get());
            }
            Optional<String> meant = suggestion(name);
            throw new ReflectException("class " + name + " not found" + meant.map(m -> "; did you mean " + m + "?")
                    .orElse("")).suggesting(meant);
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

    /**
     * Why a class is missing when no class of its package is on the classpath: its jar is missing (naming the Storm
     * connector that holds the package). Not when one of Storm's usual packages has a class of that name: then the
     * package is likely misspelt, or one whose classes fluxext provides elsewhere (Storm's Flux wrappers).
     */
    private Optional<String> missingJar(String name) {
        int lastDot = name.lastIndexOf('.');
        String pkg = lastDot > 0 ? name.substring(0, lastDot) : "";
        if (pkg.isEmpty() || !classesIn(pkg).isEmpty() || inBootModule(pkg)
                || inOtherPackage(pkg, name.substring(lastDot + 1)).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(NO_CLASS_OF_PACKAGE + pkg + " is on the classpath"
                + StormConnectors.hint(pkg).map(h -> "; " + h).orElse("; is its jar missing? Give it with --jar FILE (or "
                        + "--classpath), or put the class in your topology jar"));
    }

    private static final String NO_CLASS_OF_PACKAGE = "no class of package ";

    /** The package a missing-jar message ({@code Code.MISSING_JAR}) names, for what a caller can add to it. */
    public static Optional<String> missingPackage(String message) {
        int at = message.indexOf(NO_CLASS_OF_PACKAGE);
        if (at < 0) {
            return Optional.empty();
        }
        int start = at + NO_CLASS_OF_PACKAGE.length();
        int end = message.indexOf(' ', start);
        return Optional.of(message.substring(start, end < 0 ? message.length() : end));
    }

    /** {@code a.B.C} as the nested class {@code a.B$C}, when that exists. */
    private Optional<String> nestedWithADot(String name) {
        int lastDot = name.lastIndexOf('.');
        return lastDot > 0 ? Optional.of(name.substring(0, lastDot) + "$" + name.substring(lastDot + 1))
                .filter(nested -> tryLoad(nested).isPresent()) : Optional.empty();
    }

    /**
     * What to add to "class X not found" when X's package exists: another class when X is plausibly a typo of it (the
     * same name in another of Storm's usual packages, a near name in X's package).
     */
    private Optional<String> suggestion(String name) {
        int lastDot = name.lastIndexOf('.');
        String pkg = lastDot > 0 ? name.substring(0, lastDot) : "";
        String simple = name.substring(lastDot + 1);
        Optional<String> elsewhere = inOtherPackage(pkg, simple);
        if (elsewhere.isPresent()) {
            return elsewhere;
        }
        Map<String, String> bySimpleName = new HashMap<>();
        classesIn(pkg).forEach(c -> bySimpleName.put(c.substring(c.lastIndexOf('.') + 1), c));
        return Suggestions.nearest(simple, bySimpleName.keySet()).map(bySimpleName::get);
    }

    /** A class of this simple name in one of Storm's usual packages other than {@code pkg}. */
    private Optional<String> inOtherPackage(String pkg, String simple) {
        return WELL_KNOWN_PACKAGES.stream().filter(p -> !p.equals(pkg)).flatMap(p -> classesIn(p).stream())
                .filter(c -> c.substring(c.lastIndexOf('.') + 1).equals(simple)).findFirst();
    }

    /** Whether a module of the JDK holds the package (its classes are not listed as files of the class path). */
    private static boolean inBootModule(String pkg) {
        return ModuleLayer.boot().modules().stream().anyMatch(m -> m.getPackages().contains(pkg));
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
