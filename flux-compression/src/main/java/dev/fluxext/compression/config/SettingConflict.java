package dev.fluxext.compression.config;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Two settings, each valid alone, that break a rule between them (e.g. {@code maxBatchBytes} larger than
 * {@code maxDecompressedBytes}). It names the options it concerns, so that a caller can point at each and name it
 * its own way: by its config key in a Storm config, by its YAML path in a {@code compression:} block.
 *
 * @param option      the option the rule names first, with its value
 * @param relation    what is wrong between the two, e.g. "exceeds"
 * @param other       the other option, with its value
 * @param consequence what would go wrong, for people
 */
public record SettingConflict(ConfigOption option, Object value, String relation, ConfigOption other,
                              Object otherValue, String consequence) {

    public SettingConflict {
        Objects.requireNonNull(option);
        Objects.requireNonNull(other);
    }

    /** The options the rule concerns, in the order it names them. */
    public List<ConfigOption> options() {
        return List.of(option, other);
    }

    /** The problem in words, each option named by {@code name} (e.g. {@link ConfigOption#key}). */
    public String message(Function<ConfigOption, String> name) {
        return "'" + name.apply(option) + "' (" + value + ") " + relation + " '" + name.apply(other) + "' ("
                + otherValue + "): " + consequence;
    }
}
