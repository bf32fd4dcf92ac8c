package dev.fluxext.load;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What to load and how: the topology file (or classpath resource), the properties file for {@code ${key}}
 * ({@code --filter}), whether {@code ${ENV-NAME}} reads the environment ({@code --env-filter}), and
 * {@code -c key=value} overrides applied on top of the topology config.
 *
 * @param file          the path exactly as the user gave it (diagnostics print it as given)
 * @param resource      true when {@code file} names a classpath resource ({@code --resource})
 * @param filter        properties file for {@code ${key}} substitution, if any
 * @param envFilter     substitute {@code ${ENV-NAME}} from {@code environment}
 * @param environment   the environment to read (normally {@code System.getenv()}; tests pass their own)
 * @param configOverrides already-parsed {@code -c} values, applied last to the topology config
 * @param staticCheck   check classes, constructors and methods by signature only, creating nothing and running no
 *                      code of the topology ({@code validate --static}, {@code graph}); the result is for reading, not
 *                      for submitting
 * @param workingDirectory where a relative {@code includes:} file is looked up, as Storm's Flux looks it up: the
 *                         process's working directory unless a test gives another
 * @param secretNames   {@code --secret}: properties whose values no message prints, besides those named like a secret
 *                      ({@link dev.fluxext.diag.SecretNames}) and every environment variable
 * @param text          the text of {@code file} as an editor holds it, unsaved ({@code flux lsp}): read instead of the
 *                      file; its includes are still read from disk
 */
public record LoadOptions(String file, boolean resource, Optional<Path> filter, boolean envFilter,
                          Map<String, String> environment, Map<String, Object> configOverrides, boolean staticCheck,
                          Path workingDirectory, Set<String> secretNames, Optional<String> text) {

    public LoadOptions(String file, boolean resource, Optional<Path> filter, boolean envFilter,
                       Map<String, String> environment, Map<String, Object> configOverrides, boolean staticCheck,
                       Path workingDirectory, Set<String> secretNames) {
        this(file, resource, filter, envFilter, environment, configOverrides, staticCheck, workingDirectory,
                secretNames, Optional.empty());
    }

    public LoadOptions(String file, boolean resource, Optional<Path> filter, boolean envFilter,
                       Map<String, String> environment, Map<String, Object> configOverrides, boolean staticCheck) {
        this(file, resource, filter, envFilter, environment, configOverrides, staticCheck, Path.of(""), Set.of());
    }

    public LoadOptions(String file, boolean resource, Optional<Path> filter, boolean envFilter,
                       Map<String, String> environment, Map<String, Object> configOverrides) {
        this(file, resource, filter, envFilter, environment, configOverrides, false);
    }

    public LoadOptions {
        filter = filter == null ? Optional.empty() : filter;
        environment = Map.copyOf(environment);
        configOverrides = Map.copyOf(configOverrides);
        workingDirectory = workingDirectory == null ? Path.of("") : workingDirectory;
        secretNames = secretNames == null ? Set.of() : Set.copyOf(secretNames);
        text = text == null ? Optional.empty() : text;
    }

    /** These options with relative includes looked up from {@code directory}. */
    public LoadOptions inDirectory(Path directory) {
        return new LoadOptions(file, resource, filter, envFilter, environment, configOverrides, staticCheck, directory,
                secretNames, text);
    }

    /** These options reading {@code text} as the file's content (an editor's unsaved buffer) instead of the file. */
    public LoadOptions withText(String text) {
        return new LoadOptions(file, resource, filter, envFilter, environment, configOverrides, staticCheck,
                workingDirectory, secretNames, Optional.of(text));
    }

    public static LoadOptions of(String file) {
        return new LoadOptions(file, false, Optional.empty(), false, System.getenv(), Map.of());
    }
}
