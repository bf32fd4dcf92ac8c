package dev.fluxext.cli;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.model.Position;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loader for the CLI's tests: {@code words.yaml} (and {@code words-2.yaml}, another name) is a 2-worker word count
 * of storm-client's test spouts and bolts, loaded from this package's {@code loader/} resources through the real
 * pipeline with the options the command passed ({@code -c} overrides, build or not); {@code broken.yaml} has two
 * errors and a warning, anything else cannot be read. Remembers the last options.
 */
final class TestTopologies {

    static volatile LoadOptions lastOptions;

    private TestTopologies() {
    }

    static LoadResult load(LoadOptions options) {
        lastOptions = options;
        String name = options.file().substring(options.file().lastIndexOf('/') + 1);
        return switch (name) {
            case "words.yaml", "words-2.yaml" -> FluxLoader.load(new LoadOptions("dev/fluxext/cli/loader/" + name,
                true, Optional.empty(), false, Map.of(), options.configOverrides(), options.staticCheck()));
            case "broken.yaml" -> new LoadResult(List.of(
                Diagnostic.error(Code.UNKNOWN_KEY, new Position(options.file(), 3, 5), "unknown key 'spout'; did you mean 'spouts'?"),
                Diagnostic.warning(Code.NO_EFFECT, new Position(options.file(), 9, 3), "bolt 'lonely' receives no stream"),
                Diagnostic.error(Code.UNKNOWN_REFERENCE, new Position(options.file(), 12, 11), "stream from unknown component 'nope'")),
                Optional.empty());
            default -> new LoadResult(List.of(Diagnostic.error(Code.FILE_UNREADABLE, Position.ofFile(options.file()),
                "cannot read the file: no such file")), Optional.empty());
        };
    }
}
