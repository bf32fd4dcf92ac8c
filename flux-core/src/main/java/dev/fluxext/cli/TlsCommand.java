package dev.fluxext.cli;

import dev.fluxext.run.process.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code flux tls}: the commands for worker-to-worker TLS (docs/tls.md). */
@Command(name = "tls", mixinStandardHelpOptions = true,
    description = "Certificates for TLS between a topology's workers (docs/tls.md).",
    subcommands = TlsInitCommand.class)
final class TlsCommand implements Callable<Integer> {

    @ParentCommand
    FluxCli parent;

    @Spec
    CommandSpec spec;

    CliContext context() {
        return parent.context();
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(context().err());
        throw new CliException(ExitCodes.USAGE, "flux tls: missing a command (init)");
    }
}
