package dev.fluxext.cli;

import dev.fluxext.describe.TopologyText;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.process.ExitCodes;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "show", mixinStandardHelpOptions = true,
    description = {"Build the topology (as submit would) and print what is submitted: the components of the built "
            + "Storm topology in flow order, each with its config as Storm holds it (including what its "
            + "getComponentConfiguration() adds), its groupings as Storm holds them and its declared outputs, and "
            + "the topology config; keys fluxext's compression and transport wiring set are marked.",
        "--format json prints one JSON document: {\"name\", \"source\", \"config\", \"addedByFluxext\", "
            + "\"components\": [{\"id\", \"type\", \"origin\", \"className\", \"parallelism\", \"numTasks\", "
            + "\"loads\", \"config\", \"addedByFluxext\", \"inputs\", \"outputs\"}]} (docs/cli.md)."})
final class ShowCommand implements Callable<Integer> {

    enum Format { text, json }

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
        description = "text (a readable summary) or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Mixin
    SecretsOption secrets;

    @Override
    public Integer call() {
        LoadResult result = topologyOptions.loadAndPrint(parent.context(), false);
        TopologyView view = secrets.shown(result.redactions()).view(TopologyView.of(topologyOptions.topologyOf(result)));
        String shown = format == Format.json ? TopologyText.jsonText(view) : TopologyText.summary(view);
        parent.context().out().print(shown.endsWith("\n") ? shown : shown + "\n");
        parent.context().out().flush();
        return ExitCodes.OK;
    }
}
