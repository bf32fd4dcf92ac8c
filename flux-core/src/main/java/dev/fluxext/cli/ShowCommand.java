package dev.fluxext.cli;

import dev.fluxext.describe.TopologyText;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.load.LoadResult;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "show", mixinStandardHelpOptions = true,
    description = {"Build the topology (as submit would) and print it: its components in flow order, from the file, "
            + "with the output streams they declared and the topology config as it will be submitted.",
        "--format json prints one JSON document: {\"name\", \"source\", \"config\", \"components\": [{\"id\", "
            + "\"type\", \"origin\", \"className\", \"parallelism\", \"numTasks\", \"loads\", \"config\", "
            + "\"inputs\", \"outputs\"}]} (docs/cli.md)."})
final class ShowCommand implements Callable<Integer> {

    enum Format { text, json }

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
        description = "text (a readable summary) or json (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--show-secrets", description = "Print values substituted from the environment "
        + "($${ENV-NAME}); by default show prints the placeholder instead.")
    boolean showSecrets;

    @Override
    public Integer call() {
        LoadResult result = topologyOptions.loadAndPrint(parent.context(), false);
        TopologyView view = TopologyView.of(topologyOptions.topologyOf(result));
        if (!showSecrets) {
            view = view.masked(result.redactions()::mask);
        }
        String shown = format == Format.json ? TopologyText.jsonText(view) : TopologyText.summary(view);
        parent.context().out().print(shown.endsWith("\n") ? shown : shown + "\n");
        parent.context().out().flush();
        return ExitCodes.OK;
    }
}
