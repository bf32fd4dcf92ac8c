package dev.fluxext.cli;

import dev.fluxext.describe.TopologyDescriber;
import dev.fluxext.build.LoadedTopology;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "show", mixinStandardHelpOptions = true,
    description = {"Print the topology exactly as it will be submitted, read back from the built StormTopology.",
        "--format json prints one JSON document: {\"name\", \"config\", \"components\": [{\"id\", \"type\", "
            + "\"className\", \"parallelism\", \"config\", \"inputs\", \"outputs\"}]}."})
final class ShowCommand implements Callable<Integer> {

    enum Format { text, json }

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
        description = "text (a readable summary) or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    public Integer call() {
        LoadedTopology topology = topologyOptions.load(parent.context());
        String shown = format == Format.json ? TopologyDescriber.toJsonText(topology) : TopologyDescriber.summary(topology);
        parent.context().out().print(shown.endsWith("\n") ? shown : shown + "\n");
        parent.context().out().flush();
        return ExitCodes.OK;
    }
}
