package dev.fluxext.cli;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.describe.TopologyText;
import dev.fluxext.describe.TopologyView;
import java.io.PrintWriter;

/** What {@code --dry-run} prints: the topology as it would be submitted. */
final class DryRun {

    private DryRun() {
    }

    static void print(LoadedTopology topology, SecretsOption.Shown shown, PrintWriter out) {
        print(topology, shown, out, true);
    }

    /** Without {@code detail}, only the one line saying what was built. */
    static void print(LoadedTopology topology, SecretsOption.Shown shown, PrintWriter out, boolean detail) {
        if (detail) {
            out.print(TopologyText.summary(shown.view(TopologyView.of(topology))));
        }
        out.printf("flux: dry run: topology '%s' built (%s); not submitted%n", shown.text(topology.name()),
            counts(topology));
        out.flush();
    }

    /** "1 spout, 2 bolts". */
    static String counts(LoadedTopology topology) {
        return plural(topology.topology().get_spouts_size(), "spout") + ", "
            + plural(topology.topology().get_bolts_size(), "bolt");
    }

    private static String plural(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
