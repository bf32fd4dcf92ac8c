package dev.fluxext.cli;

import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.StormHandOff;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * The user's own classes ({@code --jar}, {@code --classpath}, {@code FLUX_CLASSPATH}). Reading and building a
 * topology loads them in a class loader of their own over flux's (and so Storm's): it becomes the thread's context
 * loader, through which reflection finds classes and resources. Handing the topology to Storm ({@link #handToStorm})
 * needs more: Storm finds registrations through the context loader (its config validators, {@code
 * META-INF/services/org.apache.storm.validation.Validated}, serializers, metrics consumers) and then loads the named
 * classes with {@code Class.forName} from its own loader, which cannot see a loader below it. So Storm runs in one
 * class loader that holds flux, Storm and the user's classes, as {@code storm jar} puts them on one classpath.
 */
final class UserClasses {

    private static final List<String> STORM_CLASSES = List.of("org/apache/storm/Config.class",
        "org/apache/storm/StormSubmitter.class", "org/apache/storm/utils/Utils.class",
        "org/apache/storm/LocalCluster.class", "org/apache/storm/daemon/nimbus/Nimbus.class");

    private static ClassLoader previousContext;
    private static URLClassLoader installed;
    /** The loader of {@link #handToStorm} with the installed classes, made once: a run's calls share its Storm. */
    private static ClassLoader stormLoader;

    private UserClasses() {
    }

    /**
     * Makes {@code jars} and {@code classpath} (jars and class directories) visible to the rest of the command.
     * Does nothing when both are empty, or when exactly these are installed already.
     *
     * @throws CliException when an entry does not exist or a jar bundles Storm
     */
    static synchronized void install(List<Path> jars, List<Path> classpath) {
        if (jars.isEmpty() && classpath.isEmpty()) {
            return;
        }
        List<URL> urls = new ArrayList<>();
        for (Path jar : jars) {
            if (!Files.isRegularFile(jar)) {
                throw new CliException(ExitCodes.USAGE, "flux: --jar " + jar + ": no such file");
            }
            rejectBundledStorm(jar);
            urls.add(url(jar));
        }
        for (Path entry : classpath) {
            if (!Files.exists(entry)) {
                throw new CliException(ExitCodes.USAGE, "flux: --classpath entry " + entry + ": no such file or directory");
            }
            if (!Files.isDirectory(entry) && !Files.isRegularFile(entry)) { // a FIFO would block the class loader
                throw new CliException(ExitCodes.USAGE, "flux: --classpath entry " + entry + " is neither a directory "
                    + "nor a regular file (a jar)");
            }
            urls.add(url(entry));
        }
        if (installed != null && List.of(installed.getURLs()).equals(urls)) {
            return;
        }
        uninstall();
        Thread thread = Thread.currentThread();
        previousContext = thread.getContextClassLoader();
        ClassLoader parent = previousContext != null ? previousContext : UserClasses.class.getClassLoader();
        installed = new URLClassLoader("flux-user-classes", urls.toArray(URL[]::new), parent);
        thread.setContextClassLoader(installed);
        StormConfiguration.checkIfGiven(); // a storm.yaml among the user's classes: before Storm's Utils reads it
        Utils.setClassLoaderForJavaDeSerialize(installed);
    }

    /**
     * Calls the public static method {@code method} of {@link StormHandOff} with {@code args} (JDK types only) where
     * Storm sees the user's classes: in flux's own loader without user classes, else in a loader of its own that
     * holds flux's classpath and the user's classes, over the JDK's.
     *
     * @return the method's exit status
     * @throws CliException when flux's own classes are not on the JVM's classpath, so no such loader can be made
     */
    static synchronized int handToStorm(String method, Object... args) {
        // Under `storm local` the cluster already runs in flux's own loader (the storm script's classpath holds the
        // user's jar); the user's loader is Storm's loader for deserialization there (install).
        if (installed != null && !NimbusClient.isLocalOverride() && stormLoader == null) {
            stormLoader = stormWithUserClasses();
        }
        ClassLoader loader = installed == null || NimbusClient.isLocalOverride() ? UserClasses.class.getClassLoader()
            : stormLoader;
        try {
            Class<?> handOff = Class.forName(StormHandOff.class.getName(), true, loader);
            Method target = Arrays.stream(handOff.getMethods()).filter(m -> m.getName().equals(method)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no StormHandOff." + method));
            return (Integer) target.invoke(null, args);
        } catch (InvocationTargetException e) { // StormHandOff reports its own failures: this is an Error
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("flux cannot call its own StormHandOff." + method, e);
        }
    }

    /**
     * flux's classpath, then the user's entries, over the JDK's classes only: Storm and fluxext are loaded a second
     * time, in a loader that sees the user's classes. Not closed: Storm's threads may still load classes after the
     * run, and the process ends soon after.
     */
    private static ClassLoader stormWithUserClasses() {
        List<URL> urls = new ArrayList<>();
        for (Path entry : splitPath(System.getProperty("java.class.path", ""), Path.of(""))) {
            urls.add(url(entry.toAbsolutePath()));
        }
        urls.addAll(List.of(installed.getURLs()));
        @SuppressWarnings("resource")
        URLClassLoader loader = new URLClassLoader(StormHandOff.STORM_WITH_USER_CLASSES, urls.toArray(URL[]::new),
            ClassLoader.getPlatformClassLoader());
        for (Class<?> needed : List.of(StormHandOff.class, org.apache.storm.Config.class)) {
            if (loader.findResource(needed.getName().replace('.', '/') + ".class") == null) {
                throw new CliException(ExitCodes.FAILURE, "flux: cannot hand the topology to Storm together with "
                    + "your classes: " + needed.getName() + " is not on the JVM's classpath (java.class.path), so "
                    + "no class loader holding both can be made; run flux with bin/flux, or put your jars on the "
                    + "classpath of the JVM that runs flux instead of using --jar/--classpath");
            }
        }
        return loader;
    }

    /** Back to flux's own classes (in-process tests run several commands in one JVM). */
    static synchronized void uninstall() {
        if (installed == null) {
            return;
        }
        Thread.currentThread().setContextClassLoader(previousContext);
        try {
            Utils.resetClassLoaderForJavaDeSerialize();
        } catch (LinkageError e) {
            // Storm's Utils could not initialize (its configuration, reported already): it holds no loader.
        }
        try {
            installed.close();
        } catch (IOException e) {
            // Only open jar handles are left behind, and the process ends soon.
        }
        installed = null;
        previousContext = null;
        stormLoader = null;
    }

    /** {@code PATH} split at the platform's path separator, empty entries dropped. */
    static List<Path> splitPath(String path, Path workingDir) {
        List<Path> entries = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(workingDir.resolve(entry));
            }
        }
        return entries;
    }

    /**
     * A jar holding Storm's own classes would put a second Storm next to the cluster's in every worker (the
     * topology jar comes first there): mixed versions fail with NoSuchMethodError, ClassCastException or
     * serialization errors far from their cause. Said here, with the fix.
     */
    private static void rejectBundledStorm(Path jar) {
        Optional<String> stormClass = stormClassIn(jar);
        if (stormClass.isPresent()) {
            throw new CliException(ExitCodes.USAGE, "flux: --jar " + jar + " bundles Apache Storm itself ("
                + stormClass.get() + "): on a cluster every worker would load that copy of Storm instead of the "
                + "cluster's own, and mixed Storm classes fail with NoSuchMethodError, ClassCastException or "
                + "serialization errors. Give storm-client (and any other org.apache.storm dependency) "
                + "<scope>provided</scope> in your pom.xml, so the shade plugin leaves it out, and rebuild the jar");
        }
    }

    /**
     * A class of Storm's own cluster libraries (storm-client, storm-server) in {@code jar}. Storm's connectors
     * (storm-kafka-client, storm-hdfs, Flux's wrappers, ...) also live under org.apache.storm and belong in a
     * topology jar, so only these are looked for.
     */
    static Optional<String> stormClassIn(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            return STORM_CLASSES.stream().filter(name -> file.getEntry(name) != null).findFirst();
        } catch (IOException e) {
            throw new CliException(ExitCodes.USAGE, "flux: --jar " + jar + ": not a readable jar (" + e.getMessage() + ")");
        }
    }

    private static URL url(Path path) {
        try {
            return path.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new CliException(ExitCodes.USAGE, "flux: " + path + ": not usable as a classpath entry");
        }
    }
}
