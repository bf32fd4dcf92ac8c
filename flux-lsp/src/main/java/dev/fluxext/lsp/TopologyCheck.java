package dev.fluxext.lsp;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Related;
import dev.fluxext.diag.Severity;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.lsp4j.DiagnosticRelatedInformation;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Range;

/**
 * {@code flux validate --static} of an editor's text: the same loader, reading the unsaved text instead of the file,
 * creating nothing and running no code of the file. Its diagnostics in the protocol's form, per file (an included
 * file's problems belong to that file). Public for the benchmark of its latency (benchmarks/LspCheckBenchmark).
 */
public final class TopologyCheck {

    static final String SOURCE = "flux";

    private final Map<String, String> environment;
    private final Optional<Path> filter;

    /**
     * @param environment for {@code ${ENV-NAME}} placeholders: the server's, as {@code validate --env-filter} reads
     * @param filter      the properties file for {@code ${key}} placeholders, as {@code validate --filter} reads
     */
    public TopologyCheck(Map<String, String> environment, Optional<Path> filter) {
        this.environment = Map.copyOf(environment);
        this.filter = filter;
    }

    public TopologyCheck(Map<String, String> environment) {
        this(environment, Optional.empty());
    }

    /** This check with {@code ${key}} placeholders from {@code properties}. */
    TopologyCheck withFilter(Path properties) {
        return new TopologyCheck(environment, Optional.of(properties));
    }

    /**
     * The diagnostics of {@code text}, the content of the file {@code uri}, by file URI; {@code uri} itself always
     * has an entry (empty when the file is clean).
     */
    public Map<String, List<org.eclipse.lsp4j.Diagnostic>> check(String uri, String text) {
        return diagnostics(uri, text, load(uri, text));
    }

    /** {@code validate --static} of {@code text}, the content of the file {@code uri}: its diagnostics and model. */
    LoadResult load(String uri, String text) {
        // --env-filter on: an editor cannot pass the flag per run, and an unset variable is then still reported.
        LoadOptions options = new LoadOptions(label(uri), false, filter, true, environment, Map.of(), true,
            Path.of(""), Set.of()).withText(text);
        return FluxLoader.load(options);
    }

    /** The properties file for {@code ${key}} placeholders, if any. */
    Optional<Path> filter() {
        return filter;
    }

    Map<String, String> environment() {
        return environment;
    }

    /** {@code result}'s diagnostics in the protocol's form, by file URI, positions in UTF-16 units of each file. */
    static Map<String, List<org.eclipse.lsp4j.Diagnostic>> diagnostics(String uri, String text, LoadResult result) {
        String label = label(uri);
        Map<String, Ranges> places = new HashMap<>();
        places.put(label, Ranges.of(text));
        Function<String, Ranges> rangesOf = file -> places.computeIfAbsent(file, f -> Ranges.ofFile(Path.of(f)));
        Map<String, List<org.eclipse.lsp4j.Diagnostic>> byFile = new LinkedHashMap<>();
        byFile.put(uri, new ArrayList<>());
        for (Diagnostic d : result.diagnostics()) {
            String file = d.position().file();
            byFile.computeIfAbsent(file.equals(label) ? uri : uri(file), f -> new ArrayList<>())
                .add(toProtocol(d, label, uri, rangesOf));
        }
        return byFile;
    }

    private static org.eclipse.lsp4j.Diagnostic toProtocol(Diagnostic d, String label, String uri,
                                                           Function<String, Ranges> rangesOf) {
        Ranges ranges = rangesOf.apply(d.position().file());
        Range range = ranges.range(d.span());
        org.eclipse.lsp4j.Diagnostic diagnostic = new org.eclipse.lsp4j.Diagnostic(range, d.message(),
            d.severity() == Severity.ERROR ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, SOURCE,
            d.code().id());
        if (!d.related().isEmpty()) {
            diagnostic.setRelatedInformation(d.related().stream().map(r -> related(r, label, uri, rangesOf)).toList());
        }
        if (!d.suggestions().isEmpty()) {
            diagnostic.setData(QuickFixes.data(d.suggestions().stream()
                .map(s -> new QuickFixes.Fix(s.replacement(), s.span().map(ranges::range))).toList()));
        }
        return diagnostic;
    }

    private static DiagnosticRelatedInformation related(Related r, String label, String uri,
                                                        Function<String, Ranges> rangesOf) {
        String file = r.position().file();
        return new DiagnosticRelatedInformation(new Location(file.equals(label) ? uri : uri(file),
            rangesOf.apply(file).range(r.span())), r.message());
    }

    /** The file's path as diagnostics name it; a document that is no file yet (untitled:...) by its URI. */
    static String label(String uri) {
        URI parsed = URI.create(uri);
        return "file".equals(parsed.getScheme()) ? Path.of(parsed).toString() : uri;
    }

    static String uri(String file) {
        return Path.of(file).toAbsolutePath().normalize().toUri().toString();
    }
}
