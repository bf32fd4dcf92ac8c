package dev.fluxext.load;

import dev.fluxext.build.StormConfigCheck;
import dev.fluxext.build.TopologyFactory;
import dev.fluxext.check.StructureCheck;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Position;
import dev.fluxext.model.ModelReader;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.read.JsonView;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import dev.fluxext.resolve.Includes;
import dev.fluxext.resolve.Source;
import dev.fluxext.resolve.Substitution;
import dev.fluxext.schema.TopologySchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The one entry point from a topology file to a submittable topology:
 * read (YAML with positions) → schema check (each file as written) → resolve ({@code ${...}}, includes) → model →
 * structural check → build (StormTopology + config) → {@code -c} overrides. Never throws for bad input: every
 * problem becomes a {@link Diagnostic} in the result, and every stage runs as far as it can so that one run reports
 * all problems. Building is skipped only after errors that make the model unfit to build (a missing class name, an
 * unknown reference, ...); after recoverable ones (an unknown key, a mistyped optional value) it still runs to
 * report its own problems, and the topology is rejected either way. When building is skipped, its checks that need
 * no built object (config values, transport) still run.
 */
public final class FluxLoader {

    /** The build stage: model → Storm objects, reporting to the diagnostics. */
    @FunctionalInterface
    public interface Builder {
        Optional<LoadedTopology> build(TopologyDef topology, LoadOptions options, Diagnostics diagnostics);
    }

    private FluxLoader() {
    }

    public static LoadResult load(LoadOptions options) {
        return load(options, TopologyFactory::build);
    }

    /** As {@link #load(LoadOptions)} with another build stage (tests). */
    public static LoadResult load(LoadOptions options, Builder builder) {
        Diagnostics diagnostics = new Diagnostics();
        try {
            Stages stages = stages(options, diagnostics);
            // Schema problems alone do not stop the build: its messages (class, constructor, config value) are the
            // more precise ones, and they decide which schema problems are redundant.
            boolean buildable = stages.model.isPresent() && !diagnostics.hasUnrecoverableErrors();
            Optional<LoadedTopology> built = buildable
                    ? builder.build(stages.model.get(), options, diagnostics) : Optional.empty();
            if (!buildable && stages.model.isPresent()) {
                Diagnostics checks = new Diagnostics();
                TopologyFactory.checkWithoutBuilding(stages.model.get(), checks);
                addUncovered(checks.all(), diagnostics); // a value already rejected (a tag, ...) is not also "missing"
            }
            reportSchemaProblems(stages.schemaProblems, diagnostics);
            checkOverrides(options, diagnostics);
            if (diagnostics.hasErrors() || built.isEmpty()) {
                return new LoadResult(diagnostics.all(), Optional.empty());
            }
            return new LoadResult(diagnostics.all(), Optional.of(withOverrides(built.get(), options)));
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // A bug of ours, not bad input: one clean line, the stack trace kept for --verbose.
            diagnostics.error(Position.ofFile(options.file()), "internal error: " + e
                    + " (run with --verbose for the stack trace)");
            return new LoadResult(diagnostics.all(), Optional.empty(), Optional.of(e));
        }
    }

    /**
     * Every stage short of building: the checked model, or empty when the file cannot be read at all. Problems go
     * to {@code diagnostics}; the model is present (but incomplete) even when some were errors.
     */
    public static Optional<TopologyDef> analyze(LoadOptions options, Diagnostics diagnostics) {
        Stages stages = stages(options, diagnostics);
        reportSchemaProblems(stages.schemaProblems, diagnostics);
        return stages.model;
    }

    /** The model, and each file's schema problems (reported last, see {@link #reportSchemaProblems}). */
    private record Stages(Optional<TopologyDef> model, Map<String, List<Diagnostic>> schemaProblems) {
    }

    private static Stages stages(LoadOptions options, Diagnostics diagnostics) {
        Map<String, List<Diagnostic>> schemaProblems = new LinkedHashMap<>();
        Properties properties = options.filter().flatMap(f -> readProperties(f, diagnostics)).orElse(null);
        if (options.filter().isPresent() && properties == null) {
            return new Stages(Optional.empty(), schemaProblems);
        }
        Substitution substitution = new Substitution(properties, options.envFilter(), options.environment());
        YamlReader reader = new YamlReader();
        Includes includes = new Includes((source, includedAt) -> read(source, includedAt, reader, diagnostics)
                .map(doc -> {
                    schemaProblems.put(source.label(), schemaCheck(doc));
                    return substitution.apply(doc, diagnostics);
                }), diagnostics);
        Source main = options.resource() ? Source.ofResource(options.file()) : Source.ofFile(options.file());
        Optional<TopologyDef> model = includes.resolve(main).flatMap(doc -> new ModelReader(diagnostics).read(doc));
        model.ifPresent(m -> new StructureCheck(diagnostics).check(m));
        return new Stages(model, schemaProblems);
    }

    private static Optional<YNode> read(Source source, Position includedAt, YamlReader reader, Diagnostics diagnostics) {
        if (source.resource().isPresent()) {
            InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(source.resource().get());
            if (in == null) {
                diagnostics.error(includedAt != null ? includedAt : Position.ofFile(source.label()),
                        "classpath resource '" + source.label() + "' not found");
                return Optional.empty();
            }
            return reader.readStream(in, source.label(), diagnostics);
        }
        if (!Files.isRegularFile(source.file().orElseThrow())) {
            String why = !Files.exists(source.file().get()) ? "' not found"
                    : Files.isDirectory(source.file().get()) ? "' is a directory" : "' is not a regular file";
            diagnostics.error(includedAt != null ? includedAt : Position.ofFile(source.label()),
                    "file '" + source.label() + why);
            return Optional.empty();
        }
        return reader.readFile(source.file().get(), source.label(), diagnostics);
    }

    private static Optional<Properties> readProperties(java.nio.file.Path file, Diagnostics diagnostics) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
            return Optional.of(p);
        } catch (NoSuchFileException e) {
            diagnostics.error(Position.ofFile(file.toString()), "--filter properties file not found");
        } catch (IOException | IllegalArgumentException e) {
            diagnostics.error(Position.ofFile(file.toString()), "cannot read --filter properties file: "
                    + e.getMessage());
        }
        return Optional.empty();
    }

    /** The JSON Schema check of one file as written, as diagnostics at the offending values. */
    private static List<Diagnostic> schemaCheck(YNode document) {
        JsonView json = JsonView.of(document);
        List<Diagnostic> out = new ArrayList<>();
        for (TopologySchema.Problem p : TopologySchema.validate(json.root())) {
            out.add(Diagnostic.error(json.positionOf(p.pointer()), withKey(p.pointer(), p.message())));
        }
        return out;
    }

    /**
     * A message about a value ("must be at least 1, not 0") names its key, as the other stages' messages do: alone on
     * a line, the message must say which value it means. List elements are named as {@code key[N]}.
     */
    private static String withKey(String pointer, String message) {
        if (!message.startsWith("must ")) {
            return message;
        }
        String[] segments = pointer.split("/");
        StringBuilder indices = new StringBuilder();
        for (int i = segments.length - 1; i > 0; i--) {
            String segment = segments[i].replace("~1", "/").replace("~0", "~");
            if (!segment.chars().allMatch(Character::isDigit)) {
                return "'" + segment + indices + "' " + message;
            }
            indices.insert(0, "[" + segment + "]");
        }
        return message;
    }

    /**
     * Our own stages say what the schema says, more precisely (nearest-key suggestions, element names, Storm's own
     * validators), so a schema problem is left out where another stage already reported an error on the same line:
     * every mistake is reported once, and the schema's problems elsewhere in the file are not lost.
     */
    private static void reportSchemaProblems(Map<String, List<Diagnostic>> schemaProblems, Diagnostics diagnostics) {
        schemaProblems.values().forEach(problems -> addUncovered(problems, diagnostics));
    }

    /** Adds each of {@code found} unless an error is already reported on its line. */
    private static void addUncovered(List<Diagnostic> found, Diagnostics diagnostics) {
        java.util.Set<String> coveredLines = new java.util.HashSet<>();
        diagnostics.all().stream().filter(Diagnostic::isError)
                .forEach(d -> coveredLines.add(d.position().file() + ":" + d.position().line()));
        found.stream().filter(d -> !coveredLines.contains(d.position().file() + ":" + d.position().line()))
                .forEach(diagnostics::add);
    }

    /**
     * {@code -c} values, reported as {@code -c KEY: message}: Storm keys are checked with Storm's validators like a
     * {@code config:} map. Compression keys are refused: set after the build, they would reach neither the
     * serializer registration nor the per-component settings the build derives from the file's compression blocks.
     */
    private static void checkOverrides(LoadOptions options, Diagnostics diagnostics) {
        options.configOverrides().forEach((key, value) -> {
            Position at = Position.ofArgument("-c " + key);
            if (isCompressionKey(key)) {
                diagnostics.error(at, "compression is configured in the topology file (a 'compression:' block, or "
                        + "Storm 3 keys in 'config:'), not with -c");
                return;
            }
            StormConfigCheck.violation(key, value).ifPresent(problem -> diagnostics.error(at, problem));
            StormConfigCheck.unknownKeyWarning(key).ifPresent(warning -> diagnostics.warning(at, warning));
        });
    }

    private static boolean isCompressionKey(String key) {
        return key.startsWith(CompressionOptions.PREFIX) || key.equals(CompressionSetup.COMPONENT_ID_KEY)
                || CompressionOptions.STORM3_KEYS.containsKey(key);
    }

    private static LoadedTopology withOverrides(LoadedTopology topology, LoadOptions options) {
        if (options.configOverrides().isEmpty()) {
            return topology;
        }
        Map<String, Object> config = new HashMap<>(topology.config());
        config.putAll(options.configOverrides());
        return new LoadedTopology(topology.name(), topology.topology(), config);
    }
}
