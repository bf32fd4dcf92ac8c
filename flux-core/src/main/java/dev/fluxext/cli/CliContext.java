package dev.fluxext.cli;

import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

/**
 * What the commands need from the outside world, passed in so that tests run them in-process: the loader,
 * the environment (for {@code --env-filter} and finding {@code dot} on PATH), the working directory and the
 * output streams.
 */
record CliContext(Function<LoadOptions, LoadResult> loader, Map<String, String> environment, Path workingDir,
                  PrintWriter out, PrintWriter err) {
}
