package dev.fluxext.model;

import java.util.Optional;

/** A stream from a spout or bolt to a bolt; {@code name} is informational only. */
public record StreamDef(Optional<String> name, Located<String> from, Located<String> to, GroupingDef grouping,
                        Span span) {
}
