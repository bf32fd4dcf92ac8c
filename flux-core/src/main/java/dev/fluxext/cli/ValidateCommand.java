package dev.fluxext.cli;

import dev.fluxext.load.LoadedTopology;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "validate", mixinStandardHelpOptions = true,
    description = {"Check a topology file completely (schema, references, classes, constructors, Storm config "
        + "values) short of running it.", "Problems go to stderr as FILE:LINE:COL: message."})
final class ValidateCommand implements Callable<Integer> {

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Override
    public Integer call() {
        LoadedTopology topology = topologyOptions.load(parent.context());
        parent.context().out().println(topologyOptions.file + ": topology '" + topology.name() + "' is valid ("
            + DryRun.counts(topology) + ")");
        return ExitCodes.OK;
    }
}
