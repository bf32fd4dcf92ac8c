package dev.fluxext.cli;

import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.StormLogging;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import java.util.function.Function;

/** One in-process run of the CLI: its exit status and what it printed. */
record CliRun(int exitCode, String out, String err) {

    static {
        // What FluxCli.main does first: Storm's log lines must not reach stdout.
        StormLogging.toStderr(false);
    }

    static CliRun of(String... args) {
        return with(TestTopologies::load, Map.of("PATH", System.getenv().getOrDefault("PATH", "")), args);
    }

    static CliRun with(Function<LoadOptions, LoadResult> loader, Map<String, String> environment, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = FluxCli.execute(loader, environment, new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
