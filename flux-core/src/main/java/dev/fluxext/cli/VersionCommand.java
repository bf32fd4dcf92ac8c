package dev.fluxext.cli;

import dev.fluxext.run.process.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "version", mixinStandardHelpOptions = true,
    description = "Print the fluxext, Storm and Java versions.")
final class VersionCommand implements Callable<Integer> {

    @ParentCommand
    FluxCli parent;

    @Override
    public Integer call() {
        for (String line : new Versions().getVersion()) {
            parent.context().out().println(line);
        }
        return ExitCodes.OK;
    }
}
