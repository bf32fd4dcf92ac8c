package dev.fluxext.differential;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;
import org.apache.storm.validation.ConfigValidation;

/**
 * Storm's own Flux 2.8.3 (the jar Maven Central serves, copied to {@code target/differential/flux} by the build), run
 * in a class loader of its own: it bundles SnakeYAML 1.x, which must not meet ours. Storm's classes and the corpus's
 * come from the parent, so what Flux builds is made of the same classes fluxext builds with.
 */
final class StormFlux {

    static final Path JAR = Path.of("target/differential/flux/flux-core-2.8.3.jar");

    /** What Flux's jar holds of its own; everything else (Storm, SLF4J, the corpus) is the parent's. */
    private static final List<String> OWN = List.of("org.apache.storm.flux.", "org.yaml.snakeyaml.",
            "org.apache.commons.cli.");

    /** Flux's outcome for one file: the topology and config it builds, or why it did not. */
    record Result(Optional<StormTopology> topology, Map<String, Object> config, Optional<String> fluxError,
                  Optional<String> stormError) {

        boolean accepted() {
            return topology.isPresent() && stormError.isEmpty();
        }

        String rejection() {
            return fluxError.map(e -> "Flux: " + e).orElseGet(() -> stormError.map(e -> "Storm: " + e).orElse(""));
        }
    }

    private StormFlux() {
    }

    static ClassLoader loader(ClassLoader parent) {
        return loader(parent, JAR);
    }

    private static ClassLoader loader(ClassLoader parent, Path jar) {
        try {
            return new ChildFirst(new URL[] {jar.toUri().toURL()}, parent);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Loads {@code file} as {@code storm jar ... org.apache.storm.flux.Flux --dry-run file} does (parse with includes,
     * buildConfig, buildTopology), then applies the checks Storm makes before it runs a topology: the submitter's
     * config validation and Nimbus's structure check while it adds the system components.
     */
    static Result build(Path file, Optional<Path> filter, boolean envFilter, ClassLoader flux) {
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        thread.setContextClassLoader(flux);
        StormTopology topology;
        Map<String, Object> config;
        try {
            Class<?> parser = flux.loadClass("org.apache.storm.flux.parser.FluxParser");
            Class<?> builder = flux.loadClass("org.apache.storm.flux.FluxBuilder");
            Class<?> definition = flux.loadClass("org.apache.storm.flux.model.TopologyDef");
            Class<?> context = flux.loadClass("org.apache.storm.flux.model.ExecutionContext");
            Properties properties = null;
            if (filter.isPresent()) {
                properties = new Properties();
                try (InputStream in = Files.newInputStream(filter.get())) {
                    properties.load(in);
                }
            }
            Object def = parser.getMethod("parseFile", String.class, boolean.class, boolean.class, Properties.class,
                    boolean.class).invoke(null, file.toString(), false, true, properties, envFilter);
            Method buildConfig = builder.getMethod("buildConfig", definition);
            @SuppressWarnings("unchecked")
            Map<String, Object> built = (Map<String, Object>) buildConfig.invoke(null, def);
            config = new HashMap<>(built);
            Object executionContext = context.getConstructor(definition, org.apache.storm.Config.class)
                    .newInstance(def, built);
            topology = (StormTopology) builder.getMethod("buildTopology", context).invoke(null, executionContext);
            if (topology == null) {
                return new Result(Optional.empty(), Map.of(), Optional.of("no topology built"), Optional.empty());
            }
        } catch (InvocationTargetException e) {
            return new Result(Optional.empty(), Map.of(), Optional.of(describe(e.getCause())), Optional.empty());
        } catch (ReflectiveOperationException | IOException | LinkageError e) {
            return new Result(Optional.empty(), Map.of(), Optional.of(describe(e)), Optional.empty());
        } finally {
            thread.setContextClassLoader(previous);
        }
        try {
            ConfigValidation.validateTopoConf(config);
            StormCommon.validateBasic(topology);
            Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
            conf.putAll(config);
            StormCommon.systemTopology(conf, topology);
            return new Result(Optional.of(topology), config, Optional.empty(), Optional.empty());
        } catch (Exception e) {
            return new Result(Optional.of(topology), config, Optional.empty(), Optional.of(describe(e)));
        }
    }

    /**
     * As {@link #build}, in a JVM of its own whose working directory is {@code dir}: Flux reads a relative
     * {@code includes:} path from the working directory, and the corpus's projects run Flux from their own directory.
     */
    static Result buildIn(Path dir, Path file, Optional<Path> filter, boolean envFilter, List<URL> jars) {
        try {
            Path out = Files.createTempFile("storm-flux", ".ser");
            try {
                List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "-cp", System.getProperty("java.class.path"), StormFlux.class.getName(),
                        out.toString(), file.toAbsolutePath().toString(),
                        filter.map(f -> f.toAbsolutePath().toString()).orElse(""), String.valueOf(envFilter),
                        JAR.toAbsolutePath().toString()));
                jars.forEach(jar -> command.add(Path.of(URI.create(jar.toString())).toString()));
                Process process = new ProcessBuilder(command).directory(dir.toFile())
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectErrorStream(true).start();
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException("Storm's Flux did not finish within 60 s on " + file);
                }
                try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(out))) {
                    Object[] r = (Object[]) in.readObject();
                    @SuppressWarnings("unchecked")
                    Map<String, Object> config = (Map<String, Object>) r[1];
                    return new Result(Optional.ofNullable((StormTopology) r[0]), config,
                            Optional.ofNullable((String) r[2]), Optional.ofNullable((String) r[3]));
                }
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new IllegalStateException("Storm's Flux in its own JVM failed on " + file, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The other end of {@link #buildIn}: output file, topology file, filter or "", env filter, Flux's jar, jars. */
    public static void main(String[] args) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (int i = 5; i < args.length; i++) {
            urls.add(Path.of(args[i]).toUri().toURL());
        }
        ClassLoader corpus = new URLClassLoader("corpus", urls.toArray(URL[]::new), StormFlux.class.getClassLoader());
        Result result = build(Path.of(args[1]), Optional.of(args[2]).filter(f -> !f.isEmpty()).map(Path::of),
                Boolean.parseBoolean(args[3]), loader(corpus, Path.of(args[4])));
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(Path.of(args[0])))) {
            out.writeObject(new Object[] {result.topology().orElse(null), new HashMap<>(result.config()),
                result.fluxError().orElse(null), result.stormError().orElse(null)});
        }
        System.exit(0);
    }

    /** The exception and its causes, one line, for the report. */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (!text.isEmpty()) {
                text.append(" / ");
            }
            text.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
            if (t instanceof InvocationTargetException) {
                text.setLength(0);
            }
        }
        return text.toString().replace('\n', ' ');
    }

    static boolean missingClass(String error) {
        return error.contains("ClassNotFoundException") || error.contains("NoClassDefFoundError");
    }

    /** Child-first for Flux's own packages, so that its SnakeYAML is the one it was built with. */
    private static final class ChildFirst extends URLClassLoader {

        ChildFirst(URL[] urls, ClassLoader parent) {
            super("storm-flux", urls, parent);
        }

        /**
         * Flux calls {@code System.exit(1)} when an included resource is missing, which would end the test run: a
         * missing resource reads as an error instead, and Flux fails with it.
         */
        @Override
        public InputStream getResourceAsStream(String name) {
            InputStream in = super.getResourceAsStream(name);
            return in != null ? in : new InputStream() {
                @Override
                public int read() throws IOException {
                    throw new IOException("resource " + name + " not found (Flux exits with status 1)");
                }
            };
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (OWN.stream().noneMatch(name::startsWith)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = findClass(name);
                    } catch (ClassNotFoundException notOurs) {
                        return super.loadClass(name, resolve);
                    }
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }
    }
}
