package dev.fluxext.schema;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The CLI agrees with the schema corpus: every line an invalid file expects an error on gets one from the loader. */
class LoaderCorpusTest {

    static Stream<Corpus> invalid() {
        return Corpus.invalid().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalid")
    void loaderReportsAnErrorOnEveryExpectedLine(Corpus corpus) {
        LoadResult result = FluxLoader.load(LoadOptions.of(corpus.file().toString()));
        Set<Integer> errorLines = new TreeSet<>();
        result.diagnostics().stream().filter(Diagnostic::isError).forEach(d -> errorLines.add(d.position().line()));
        List<String> report = result.diagnostics().stream().map(Diagnostic::format).toList();
        assertTrue(errorLines.containsAll(corpus.expectedLines()), corpus.name() + ": expected errors on lines "
                + corpus.expectedLines() + ", got\n" + String.join("\n", report));
    }
}
