package dev.fluxext.cli;

import dev.fluxext.describe.TopologyDescriber;
import dev.fluxext.load.LoadedTopology;
import java.io.PrintWriter;

/** What {@code --dry-run} prints: the topology as it would be submitted. */
final class DryRun {

    private DryRun() {
    }

    static void print(LoadedTopology topology, PrintWriter out) {
        out.print(TopologyDescriber.summary(topology));
        out.printf("flux: dry run: topology '%s' built (%d spouts, %d bolts); not submitted%n", topology.name(),
            topology.topology().get_spouts_size(), topology.topology().get_bolts_size());
        out.flush();
    }
}
