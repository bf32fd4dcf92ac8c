package dev.fluxext.diag;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Diagnostics as a SARIF 2.1.0 log (plain maps and lists for a JSON writer): what {@code validate --format sarif}
 * prints for GitHub code scanning and other CI annotators. One result per diagnostic; its rule is the stable
 * {@link Code}, described from the enum. SARIF's lines and columns are 1-based and the end column excludes its
 * character, as in {@link DiagnosticsJson}.
 */
public final class DiagnosticsSarif {

    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private DiagnosticsSarif() {
    }

    /**
     * @param toolVersion fluxext's version, for the tool's driver
     * @param diagnostics the problems, in the order reported
     */
    public static Map<String, Object> log(String toolVersion, List<Diagnostic> diagnostics) {
        Map<String, Object> driver = new LinkedHashMap<>();
        driver.put("name", "fluxext");
        driver.put("version", toolVersion);
        driver.put("rules", List.of(Code.values()).stream().map(DiagnosticsSarif::rule).toList());

        Map<String, Object> run = new LinkedHashMap<>();
        run.put("tool", Map.of("driver", driver));
        // Columns count characters as the YAML reader does (code points); SARIF's default is UTF-16 units.
        run.put("columnKind", "unicodeCodePoints");
        run.put("results", diagnostics.stream().map(DiagnosticsSarif::result).toList());

        Map<String, Object> log = new LinkedHashMap<>();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        log.put("runs", List.of(run));
        return log;
    }

    private static Map<String, Object> rule(Code code) {
        Map<String, Object> rule = new LinkedHashMap<>();
        rule.put("id", code.id());
        rule.put("name", ruleName(code));
        rule.put("shortDescription", text(code.summary()));
        rule.put("fullDescription", text(code.summary() + " Example: " + code.example()));
        rule.put("help", text(code.fix()));
        return rule;
    }

    /** SARIF's rule name is an identifier: UNKNOWN_KEY → UnknownKey. */
    private static String ruleName(Code code) {
        StringBuilder name = new StringBuilder();
        for (String word : code.name().split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }

    private static Map<String, Object> result(Diagnostic d) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ruleId", d.code().id());
        result.put("ruleIndex", d.code().ordinal());
        result.put("level", d.isError() ? "error" : "warning");
        if (d.position().line() == 0) {
            // A command-line argument is no place in a file: the result names it and has no location.
            result.put("message", text(d.position().file() + ": " + d.message()));
        } else {
            result.put("message", text(d.message()));
            result.put("locations", List.of(location(d.span(), null, -1)));
        }
        List<Map<String, Object>> related = new ArrayList<>();
        for (Related r : d.related()) {
            if (r.position().line() > 0) {
                related.add(location(r.span(), r.message(), related.size()));
            }
        }
        if (!related.isEmpty()) {
            result.put("relatedLocations", related);
        }
        if (d.position().line() > 0 && !d.suggestions().isEmpty()) {
            result.put("fixes", d.suggestions().stream().map(s -> fix(d, s)).toList());
        }
        return result;
    }

    /** A suggestion as SARIF's fix: its text replaces the region it names (the result's own, usually). */
    private static Map<String, Object> fix(Diagnostic d, Suggestion suggestion) {
        Span span = suggestion.spanOr(d.span());
        Map<String, Object> replacement = new LinkedHashMap<>();
        replacement.put("deletedRegion", region(span));
        replacement.put("insertedContent", text(suggestion.replacement()));
        Map<String, Object> change = new LinkedHashMap<>();
        change.put("artifactLocation", Map.of("uri", uri(span.start().file())));
        change.put("replacements", List.of(replacement));
        Map<String, Object> fix = new LinkedHashMap<>();
        fix.put("description", text("write " + suggestion.replacement()));
        fix.put("artifactChanges", List.of(change));
        return fix;
    }

    private static Map<String, Object> region(Span span) {
        Map<String, Object> region = new LinkedHashMap<>();
        region.put("startLine", span.start().line());
        region.put("startColumn", span.start().column());
        region.put("endLine", span.endLine());
        region.put("endColumn", span.endColumn());
        return region;
    }

    /** The text of {@code span} in its file; {@code id} numbers related locations (-1: the result's own). */
    private static Map<String, Object> location(Span span, String message, int id) {
        Position start = span.start();
        Map<String, Object> location = new LinkedHashMap<>();
        if (id >= 0) {
            location.put("id", id);
        }
        Map<String, Object> physical = new LinkedHashMap<>();
        physical.put("artifactLocation", Map.of("uri", uri(start.file())));
        physical.put("region", region(span));
        location.put("physicalLocation", physical);
        if (message != null) {
            location.put("message", text(message));
        }
        return location;
    }

    /**
     * The file as a URI reference: a relative path stays relative ('/'-separated, escaped), which code scanning
     * resolves against the checkout; an absolute one becomes a {@code file:} URI.
     */
    static String uri(String file) {
        Path path = Path.of(file);
        if (path.isAbsolute()) {
            return path.toUri().toASCIIString();
        }
        try {
            return new URI(null, null, file.replace('\\', '/'), null).toASCIIString();
        } catch (URISyntaxException e) {
            return path.toUri().toASCIIString();
        }
    }

    private static Map<String, Object> text(String text) {
        return Map.of("text", text);
    }
}
