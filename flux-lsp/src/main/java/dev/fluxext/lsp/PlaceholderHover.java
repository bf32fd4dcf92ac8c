package dev.fluxext.lsp;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.read.Placeholders;
import dev.fluxext.read.ReadBudget;
import dev.fluxext.read.ReadLimits;
import dev.fluxext.read.SubstitutedText;
import dev.fluxext.resolve.Substitution;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * Hover over a {@code ${...}} placeholder: its value as the loader substitutes it (the same {@link Substitution}:
 * {@code ${key}} and {@code ${key[N]}} from the {@code --filter} properties, {@code ${ENV-NAME}} from the server's
 * environment), and where it comes from. A secret is masked as {@code validate} masks it: a value from the
 * environment, or from a property named like a secret ({@code db.password}, {@code apiToken}), is shown as its
 * placeholder, never as the value.
 */
final class PlaceholderHover {

    private PlaceholderHover() {
    }

    /** The placeholder on {@code line} (the line's text) at UTF-16 {@code character}, described; empty if none. */
    static Optional<String> at(String line, int character, Optional<Path> filter, Map<String, String> environment) {
        for (Placeholders.Match m = Placeholders.find(line, 0); m != null; m = Placeholders.find(line, m.end())) {
            if (character >= m.start() && character <= m.end()) {
                return Optional.of(describe(line.substring(m.start(), m.end()), m.key(), filter, environment));
            }
        }
        return Optional.empty();
    }

    private static String describe(String placeholder, String key, Optional<Path> filter,
                                   Map<String, String> environment) {
        boolean fromEnvironment = key.startsWith("ENV-");
        Properties properties = null;
        String source;
        if (fromEnvironment) {
            source = "environment variable `" + key.substring(4) + "` of the language server";
        } else if (filter.isEmpty()) {
            source = "no properties file (`--filter`, or the `filter` setting): it stays unset";
        } else {
            source = "properties file `" + filter.get() + "`";
            properties = FluxLoader.readProperties(filter.get(), new Diagnostics()).orElse(null);
            if (properties == null) {
                return "`" + placeholder + "`: the properties file `" + filter.get() + "` cannot be read";
            }
        }
        Diagnostics diagnostics = new Diagnostics();
        Substitution substitution = new Substitution(properties, true, environment,
            new ReadBudget(ReadLimits.DEFAULT), Set.of());
        Optional<SubstitutedText> substituted = substitution.inText(placeholder, "hover", diagnostics);
        SubstitutedText.Replacement r = substituted.map(SubstitutedText::replacements).filter(l -> l.size() == 1)
            .map(l -> l.get(0)).orElse(null);
        if (r == null || r.value() == null) {
            return "`" + placeholder + "`: **not set**" + (r != null && r.problem() != null ? ": "
                + diagnostics.redactions().hide(r.problem().message()) : "") + "\n\nFrom: " + source;
        }
        // As validate prints it: a secret shows as its placeholder (Redactions.mask), anything else as it is.
        Object shown = diagnostics.redactions().mask(r.value());
        String value = r.secret() ? "hidden: a secret (" + (fromEnvironment ? "environment values may be secrets"
            : "the property's name says so") + ")" : "`" + shown + "`";
        return "`" + placeholder + "` = " + value + "\n\nFrom: " + source;
    }
}
