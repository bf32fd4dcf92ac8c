package dev.fluxext.cli;

import dev.fluxext.load.LoadedTopology;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "validate", mixinStandardHelpOptions = true,
    description = {"Check a topology file completely (schema, references, classes, constructors, Storm config "
        + "values) short of running it.", "Without --static this creates the spouts, bolts and components the file "
        + "names (running their constructors, as submitting does) to check the streams they declare; check files "
        + "from untrusted sources with --static.", "Problems go to stderr as FILE:LINE:COL: message."})
final class ValidateCommand implements Callable<Integer> {

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--static", description = "Check classes, constructors, methods and references by signature "
        + "only: create nothing, run no constructor or static initializer. The streams and fields components "
        + "declare are not checked.")
    boolean staticCheck;

    @Override
    public Integer call() {
        LoadedTopology topology = topologyOptions.load(parent.context(), staticCheck);
        parent.context().out().println(topologyOptions.file + ": topology '" + topology.name() + "' is valid ("
            + DryRun.counts(topology) + (staticCheck ? "; checked by signature, declared streams not checked" : "")
            + ")");
        return ExitCodes.OK;
    }
}
