package dev.fluxext.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --jar} and {@code --classpath} for a command that reads no topology file from its line (an
 * {@link ExtraCommand}, e.g. {@code flux lsp}): the user's classes, made visible as for {@code validate}
 * ({@link UserClasses}), with {@code FLUX_CLASSPATH} first.
 */
public final class UserClassOptions {

    @Option(names = "--jar", paramLabel = "FILE",
        description = "A jar with your own spouts, bolts and other classes, loaded over Storm's; repeatable.")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATH",
        description = "More of your classes: jars and class directories separated by ':' "
            + "(';' on Windows), after those in the environment variable FLUX_CLASSPATH.")
    String classpath;

    /**
     * Makes the classes visible to the calling thread (its context class loader) and returns the loader that sees
     * them, flux's own when none are given. {@code extraClasspath} (e.g. from an editor's settings) comes last.
     *
     * @throws RuntimeException with a message for the user when an entry does not exist or a jar bundles Storm
     */
    public ClassLoader install(String extraClasspath) {
        Path workingDir = Path.of("").toAbsolutePath();
        List<Path> entries = new ArrayList<>(
            UserClasses.splitPath(System.getenv().getOrDefault("FLUX_CLASSPATH", ""), workingDir));
        entries.addAll(UserClasses.splitPath(classpath == null ? "" : classpath, workingDir));
        entries.addAll(UserClasses.splitPath(extraClasspath == null ? "" : extraClasspath, workingDir));
        UserClasses.install(jars.stream().map(workingDir::resolve).toList(), entries);
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : UserClassOptions.class.getClassLoader();
    }
}
