package dev.fluxext.cli;

import dev.fluxext.describe.TopologyView;
import dev.fluxext.diag.Redactions;
import picocli.CommandLine.Option;

/**
 * {@code --show-secrets}, and the one rule for what the CLI prints about a topology (its name, its config values):
 * a value substituted from the environment ({@code --env-filter}) is printed as its placeholder unless asked, as it
 * may be a secret and CI logs are read by many. Storm is still given the real values.
 */
final class SecretsOption {

    @Option(names = "--show-secrets", description = "Print values substituted from the environment ($${ENV-NAME}) "
        + "in what is printed about the topology (its name, config values); by default their placeholders are printed.")
    boolean showSecrets;

    /** How the output of a load with these {@code redactions} shows the topology. */
    Shown shown(Redactions redactions) {
        return new Shown(redactions, showSecrets);
    }

    /** The topology's name, view and other text as printed: masked by {@link Redactions#mask} unless {@code secrets}. */
    record Shown(Redactions redactions, boolean secrets) {

        /** A name or other text about the topology: a value from the environment in it masked. */
        String text(String text) {
            return secrets ? text : String.valueOf(redactions.mask(text));
        }

        TopologyView view(TopologyView view) {
            return secrets ? view : view.masked(redactions::mask);
        }
    }
}
