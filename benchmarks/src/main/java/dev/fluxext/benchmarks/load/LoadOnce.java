package dev.fluxext.benchmarks.load;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;

/**
 * Loads one topology file once, with every check, and exits: the whole-process measurement (JVM start included)
 * without the CLI's own start-up work. {@code bin/flux validate FILE} is the user-facing equivalent.
 */
public final class LoadOnce {

    private LoadOnce() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: LoadOnce FILE");
            System.exit(2);
        }
        LoadResult result = LoadBenchmark.load(LoadOptions.of(args[0]));
        result.diagnostics().stream().map(Diagnostic::format).forEach(System.err::println);
        result.topology().ifPresent(t -> System.out.println(t.name() + ": " + t.topology().get_spouts_size()
                + " spouts, " + t.topology().get_bolts_size() + " bolts"));
        System.exit(result.hasErrors() ? 1 : 0);
    }
}
