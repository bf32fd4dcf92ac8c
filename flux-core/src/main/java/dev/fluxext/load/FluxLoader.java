package dev.fluxext.load;

import dev.fluxext.build.LoadedTopology;
import dev.fluxext.build.StormConfigCheck;
import dev.fluxext.build.SystemTopology;
import dev.fluxext.build.TopologyFactory;
import dev.fluxext.build.TransportTls;
import dev.fluxext.check.StructureCheck;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.lang.ModelReader;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.read.InputFiles;
import dev.fluxext.read.ReadBudget;
import dev.fluxext.read.ReadLimits;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import dev.fluxext.resolve.Includes;
import dev.fluxext.resolve.Source;
import dev.fluxext.resolve.Substitution;
import dev.fluxext.transport.TransportOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * The one entry point from a topology file to a submittable topology:
 * read (YAML with positions) → resolve ({@code ${...}}, includes) → model (every key, type and range declared in
 * {@link dev.fluxext.lang.Language}, checked once) → structural check → build (StormTopology + config) →
 * {@code -c} overrides. Never throws for bad input: every
 * problem becomes a {@link Diagnostic} in the result, and every stage runs as far as it can so that one run reports
 * all problems. Building is skipped only after errors that make the model unfit to build (a missing class name, an
 * unknown reference, ...); after recoverable ones (an unknown key, a mistyped optional value) it still runs to
 * report its own problems, and the topology is rejected either way. When building is skipped, its checks that need
 * no built object (config values, transport, the classes the file names) still run.
 */
public final class FluxLoader {

    /** The build stage: model → Storm objects, reporting to the diagnostics. */
    @FunctionalInterface
    public interface Builder {
        Optional<LoadedTopology> build(TopologyDef topology, LoadOptions options, Diagnostics diagnostics);
    }

    private FluxLoader() {
    }

    /** Builds the topology, or with {@link LoadOptions#staticCheck()} checks it by signature, creating nothing. */
    public static LoadResult load(LoadOptions options) {
        return load(options, options.staticCheck()
                ? (model, o, d) -> TopologyFactory.checkStatically(model, o.file(), d)
                : (model, o, d) -> TopologyFactory.build(model, o.file(), d));
    }

    /** As {@link #load(LoadOptions)} with another build stage (tests). */
    public static LoadResult load(LoadOptions options, Builder builder) {
        Diagnostics diagnostics = new Diagnostics();
        try {
            Optional<TopologyDef> model = analyze(options, diagnostics);
            boolean buildable = model.isPresent() && !diagnostics.hasUnrecoverableErrors();
            Optional<LoadedTopology> built = buildable
                    ? builder.build(model.get(), options, diagnostics) : Optional.empty();
            if (!buildable && model.isPresent()) {
                TopologyFactory.checkWithoutBuilding(model.get(), diagnostics);
            }
            checkOverrides(options, diagnostics);
            if (diagnostics.hasErrors() || built.isEmpty()) {
                return new LoadResult(diagnostics.all(), model, Optional.empty(), Optional.empty(),
                        diagnostics.redactions());
            }
            return new LoadResult(diagnostics.all(), Optional.empty(), Optional.of(withOverrides(built.get(), options)),
                    Optional.empty(), diagnostics.redactions());
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            // A bug of ours, not bad input: one clean line, the stack trace kept for --verbose.
            diagnostics.error(Code.INTERNAL, Position.ofFile(options.file()), "internal error: " + e
                    + " (run with --verbose for the stack trace)");
            return new LoadResult(diagnostics.all(), Optional.empty(), Optional.of(e));
        }
    }

    /**
     * Every stage short of building: the checked model, or empty when the file cannot be read at all. Problems go
     * to {@code diagnostics}; the model is present (but incomplete) even when some were errors.
     */
    public static Optional<TopologyDef> analyze(LoadOptions options, Diagnostics diagnostics) {
        Properties properties = options.filter().flatMap(f -> readProperties(f, diagnostics)).orElse(null);
        if (options.filter().isPresent() && properties == null) {
            return Optional.empty();
        }
        ReadBudget budget = new ReadBudget(ReadLimits.DEFAULT); // one for all files: includes and aliases multiply
        Substitution substitution = new Substitution(properties, options.envFilter(), options.environment(), budget,
                options.secretNames());
        YamlReader reader = new YamlReader(budget);
        // The main file is the one source read with no include naming it (includedAt null).
        Includes includes = new Includes((source, includedAt) -> (includedAt == null && options.text().isPresent()
                ? options.text() : text(source, includedAt, diagnostics))
                .flatMap(text -> substitution.inText(text, source.label(), diagnostics))
                .flatMap(text -> reader.read(text, source.label(), diagnostics)), diagnostics, budget,
                options.workingDirectory());
        Source main = options.resource() ? Source.ofResource(options.file()) : Source.ofFile(options.file());
        Optional<TopologyDef> model = includes.resolve(main).flatMap(doc -> new ModelReader(diagnostics).read(doc));
        model.ifPresent(m -> new StructureCheck(diagnostics, SystemTopology.componentIds(m.config().toPlain())).check(m));
        return model;
    }

    /** The text of a file or classpath resource, at most the size limit; empty after reporting why not. */
    private static Optional<String> text(Source source, Span includedAt, Diagnostics diagnostics) {
        Span at = includedAt != null ? includedAt : Span.at(Position.ofFile(source.label()));
        int max = ReadLimits.DEFAULT.maxBytes();
        if (source.resource().isPresent()) {
            InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(source.resource().get());
            if (in == null) {
                diagnostics.error(Code.FILE_UNREADABLE, at, "classpath resource '" + source.label() + "' not found");
                return Optional.empty();
            }
            try (in) {
                byte[] bytes = in.readNBytes(max + 1);
                if (bytes.length > max) {
                    diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(source.label()), "resource is larger than "
                            + max + " bytes; topology files are far smaller");
                    return Optional.empty();
                }
                return Optional.of(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(source.label()), "cannot read resource: "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
                return Optional.empty();
            }
        }
        try {
            return Optional.of(InputFiles.readText(source.file().orElseThrow(), "file", max));
        } catch (InputFiles.Refused e) {
            diagnostics.error(Code.FILE_UNREADABLE, at, e.getMessage());
            return Optional.empty();
        }
    }

    /** The {@code --filter} properties file, within the read bound; empty (and an error in {@code diagnostics}) if not. */
    public static Optional<Properties> readProperties(java.nio.file.Path file, Diagnostics diagnostics) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(InputFiles.readText(file, "--filter properties file", ReadLimits.DEFAULT.maxBytes())));
            return Optional.of(p);
        } catch (InputFiles.Refused e) {
            diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(file.toString()), e.getMessage());
        } catch (IOException | IllegalArgumentException e) {
            diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(file.toString()), "cannot read --filter properties file: "
                    + e.getMessage());
        }
        return Optional.empty();
    }

    /**
     * {@code -c} values, reported as {@code -c KEY: message}: Storm keys are checked with Storm's validators like a
     * {@code config:} map. Compression keys are refused: set after the build, they would reach neither the
     * serializer registration nor the per-component settings the build derives from the file's compression blocks;
     * transport keys likewise (the build wraps the chosen transport).
     */
    private static void checkOverrides(LoadOptions options, Diagnostics diagnostics) {
        options.configOverrides().forEach((key, value) -> {
            Position at = Position.ofArgument("-c " + key);
            if (isCompressionKey(key)) {
                diagnostics.error(Code.OVERRIDE, at, "compression is configured in the topology file (a 'compression:' "
                        + "block, or Storm 3 keys in 'config:'), not with -c");
                return;
            }
            if (isTransportKey(key)) {
                // Set after the build, it would replace the transport the build wrapped (batch compression, frame guard).
                diagnostics.error(Code.OVERRIDE, at, "the transport is configured in the topology file (its 'transport:' "
                        + "block, compression included), not with -c");
                return;
            }
            StormConfigCheck.violation(key, value).ifPresent(problem -> diagnostics.error(Code.OVERRIDE, at, problem));
            TransportTls.warnAboutPasswordOverride(key, value, diagnostics);
            StormConfigCheck.unknownKeyWarning(key).ifPresent(w -> diagnostics.warning(Code.UNKNOWN_KEY, at, w));
        });
    }

    private static boolean isCompressionKey(String key) {
        return key.startsWith(CompressionOptions.PREFIX) || key.equals(CompressionSetup.COMPONENT_ID_KEY)
                || CompressionOptions.setBy(key).isPresent();
    }

    private static boolean isTransportKey(String key) {
        return key.startsWith(BatchCompressionOptions.PREFIX) || key.equals(TransportOptions.TRANSPORT_KEY);
    }

    private static LoadedTopology withOverrides(LoadedTopology topology, LoadOptions options) {
        if (options.configOverrides().isEmpty()) {
            return topology;
        }
        Map<String, Object> config = new HashMap<>(topology.config());
        config.putAll(options.configOverrides());
        // A key given with -c is the user's, whatever the wiring set.
        Set<String> added = new HashSet<>(topology.added().config());
        added.removeAll(options.configOverrides().keySet());
        return new LoadedTopology(topology.name(), topology.model(), topology.topology(), config,
                new LoadedTopology.Added(added, topology.added().componentConfig()));
    }
}
