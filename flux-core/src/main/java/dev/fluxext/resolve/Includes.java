package dev.fluxext.resolve;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Located;
import dev.fluxext.model.Span;
import dev.fluxext.lang.ElementCheck;
import dev.fluxext.lang.ElementCheck.Checked;
import dev.fluxext.lang.Language;
import dev.fluxext.read.ReadBudget;
import dev.fluxext.read.YNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Resolves {@code includes:} into one document, depth first, with cycle detection. Merge rules (included file
 * merged into the including one, in the order the includes are listed; each included file's own includes are
 * merged into it first):
 * <ul>
 *   <li>{@code name}, {@code topologySource}: the included value is taken when {@code override} is true or the
 *       including file has none.</li>
 *   <li>{@code config}, {@code compression}, {@code transport}: key by key; on a key both have, the included value
 *       wins when {@code override} is true.</li>
 *   <li>{@code components}, {@code spouts}, {@code bolts}: by id; an included element with an id already present
 *       replaces it in place when {@code override} is true and is dropped otherwise; new ids are appended.</li>
 *   <li>{@code streams}, {@code workerHooks}: appended.</li>
 * </ul>
 * Every element keeps the position of the file it came from.
 */
public final class Includes {

    private static final Set<String> BY_ID = Set.of("components", "spouts", "bolts");
    private static final Set<String> APPENDED = Set.of("streams", "workerHooks");
    private static final Set<String> KEY_BY_KEY = Set.of("config", "compression", "transport");

    /** Reads, checks and substitutes one document; reports why when it cannot (then empty). */
    private final BiFunction<Source, Span, Optional<YNode>> reader;
    private final Diagnostics diagnostics;
    private final ReadBudget budget;
    /** Where a relative {@code file:} is looked up, as Storm's Flux looks it up: the working directory. */
    private final Path workingDirectory;
    private final Set<Span> warned = new HashSet<>();
    private boolean tooMany;

    /**
     * @param reader reads a source; the span is the include's file name (for "not found" errors), or null for the
     *               main file
     * @param budget counts included files: a file is read again each time it is included, so a diamond of includes
     *               (each file including the same two) would otherwise multiply without ever forming a cycle
     */
    public Includes(BiFunction<Source, Span, Optional<YNode>> reader, Diagnostics diagnostics, ReadBudget budget,
                    Path workingDirectory) {
        this.reader = reader;
        this.diagnostics = diagnostics;
        this.budget = budget;
        this.workingDirectory = workingDirectory;
    }

    /** The main document with all includes merged; empty if the main document cannot be read. */
    public Optional<YNode> resolve(Source main) {
        return load(main, null, new ArrayList<>());
    }

    private Optional<YNode> load(Source source, Span includedAt, List<Source> stack) {
        Optional<YNode> read = reader.apply(source, includedAt);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        if (!(read.get() instanceof YNode.Map doc)) {
            diagnostics.error(Code.WRONG_TYPE, read.get().span(),
                    "a topology file must be a map of keys (name, spouts, bolts, ...), "
                    + "not " + read.get().kindName());
            return Optional.empty();
        }
        Optional<YNode.Entry> includes = doc.entry("includes");
        if (includes.isEmpty()) {
            return Optional.of(doc);
        }
        stack.add(source);
        YNode.Map merged = without(doc, "includes");
        for (IncludeDef include : includeDefs(includes.get().value())) {
            Source target = include.resource ? source.includeResource(include.file) : locate(source, include);
            if (target == null) {
                continue; // reported
            }
            List<String> cycle = cycle(stack, target);
            if (!cycle.isEmpty()) {
                diagnostics.error(Code.INCLUDE, include.span, "include cycle: " + String.join(" -> ", cycle));
                continue;
            }
            if (!budget.chargeInclude()) {
                if (!tooMany) { // once: every include after the limit would say the same
                    diagnostics.error(Code.INCLUDE, include.span, "more than " + budget.limits().maxIncludes() + " included "
                            + "files (a file counts each time it is included); includes may not be used to multiply "
                            + "a document");
                    tooMany = true;
                }
                break;
            }
            Optional<YNode> included = load(target, include.fileSpan, stack);
            if (included.isPresent()) {
                merged = merge(merged, (YNode.Map) included.get(), include.override);
            }
        }
        stack.remove(stack.size() - 1);
        return Optional.of(merged);
    }

    /**
     * The included file: from the working directory, as Storm's Flux reads it. When it is not there but next to the
     * including file, that one is read, with a warning: Storm's Flux would fail on this file (run from another
     * directory), so no file Storm accepts is read differently, and a file written for "next to me" still works.
     */
    private Source locate(Source including, IncludeDef include) {
        Source fromWorkingDirectory = including.includeFile(include.file, workingDirectory);
        Path path = fromWorkingDirectory.file().orElseThrow();
        if (Files.exists(path)) {
            return fromWorkingDirectory;
        }
        Optional<Source> nextTo = including.nextToThis(include.file).filter(s -> Files.exists(s.file().orElseThrow()));
        if (nextTo.isEmpty()) {
            diagnostics.error(Code.FILE_UNREADABLE, include.fileSpan, "included file '" + include.file + "' not found: "
                    + "a relative path is read from the working directory (" + workingDirectory.toAbsolutePath()
                    .normalize() + "), as Storm's Flux reads it" + including.nextToThis(include.file)
                    .filter(s -> !s.file().orElseThrow().toAbsolutePath().normalize()
                            .equals(path.toAbsolutePath().normalize()))
                    .map(s -> ", and it is not next to the including file either ('" + s.label() + "')").orElse("")
                    + "; run from the directory the path starts at, or give the path from there");
            return null;
        }
        if (warned.add(include.fileSpan)) { // once, however often a diamond of includes reads this one
            diagnostics.warning(Code.INCLUDE, include.fileSpan, "included file '" + include.file + "' is not in the "
                    + "working directory (" + workingDirectory.toAbsolutePath().normalize() + "), where Storm's Flux "
                    + "looks for it; read from next to the including file ('" + nextTo.get().label() + "'). Storm's "
                    + "Flux looks only in the working directory: run from the directory the path starts at, or give "
                    + "the path from there");
        }
        return nextTo.get();
    }

    private static List<String> cycle(List<Source> stack, Source target) {
        String id = target.identity();
        for (int i = 0; i < stack.size(); i++) {
            if (stack.get(i).identity().equals(id)) {
                List<String> labels = new ArrayList<>();
                stack.subList(i, stack.size()).forEach(s -> labels.add(s.label()));
                labels.add(target.label());
                return labels;
            }
        }
        return List.of();
    }

    private record IncludeDef(String file, boolean resource, boolean override, Span span, Span fileSpan) {
    }

    private List<IncludeDef> includeDefs(YNode node) {
        List<IncludeDef> out = new ArrayList<>();
        if (!(node instanceof YNode.Seq seq)) {
            diagnostics.error(Code.INCLUDE, node.span(),
                    "'includes' must be a list of {file, resource, override}, not "
                    + node.kindName());
            return out;
        }
        ElementCheck check = new ElementCheck(diagnostics);
        for (int i = 0; i < seq.items().size(); i++) {
            YNode item = seq.items().get(i);
            if (!(item instanceof YNode.Map map)) {
                diagnostics.error(Code.INCLUDE, item.span(),
                        "an include must be a map {file, resource, override}, not "
                        + item.kindName());
                continue;
            }
            Checked include = check.check(map, Language.INCLUDE, "include #" + (i + 1));
            // Only an include read as written is followed: a guess at what a mistyped one means could merge the
            // wrong file, or merge it the wrong way.
            boolean asWritten = map.entries().stream().allMatch(e -> include.get(e.key()).isPresent());
            if (asWritten && include.text("file").isPresent()) {
                Located<String> file = include.text("file").get();
                out.add(new IncludeDef(file.value(), include.flag("resource").orElse(defaultFlag("resource")),
                        include.flag("override").orElse(defaultFlag("override")), map.span(), file.span()));
            }
        }
        return out;
    }

    private static boolean defaultFlag(String key) {
        return (Boolean) Language.INCLUDE.key(key).orElseThrow().defaultValue().orElseThrow();
    }

    private static YNode.Map without(YNode.Map map, String key) {
        return new YNode.Map(map.entries().stream().filter(e -> !e.key().equals(key)).toList(), map.span());
    }

    /** {@code into} with {@code included} merged per the rules above; keys the includer lacks are appended. */
    private static YNode.Map merge(YNode.Map into, YNode.Map included, boolean override) {
        Map<String, YNode.Entry> out = new LinkedHashMap<>();
        into.entries().forEach(e -> out.put(e.key(), e));
        for (YNode.Entry inc : included.entries()) {
            YNode.Entry mine = out.get(inc.key());
            if (mine == null) {
                out.put(inc.key(), inc);
            } else if (BY_ID.contains(inc.key()) && mine.value() instanceof YNode.Seq a
                    && inc.value() instanceof YNode.Seq b) {
                out.put(inc.key(), new YNode.Entry(mine.key(), mine.keySpan(), mergeById(a, b, override)));
            } else if (APPENDED.contains(inc.key()) && mine.value() instanceof YNode.Seq a
                    && inc.value() instanceof YNode.Seq b) {
                List<YNode> items = new ArrayList<>(a.items());
                items.addAll(b.items());
                out.put(inc.key(), new YNode.Entry(mine.key(), mine.keySpan(), new YNode.Seq(items, a.span())));
            } else if (KEY_BY_KEY.contains(inc.key()) && mine.value() instanceof YNode.Map a
                    && inc.value() instanceof YNode.Map b) {
                YNode.Map m = override ? overlay(a, b) : overlay(b, a);
                out.put(inc.key(), new YNode.Entry(mine.key(), mine.keySpan(), new YNode.Map(m.entries(),
                        a.span())));
            } else if (override) {
                out.put(inc.key(), inc);
            }
        }
        return new YNode.Map(new ArrayList<>(out.values()), into.span());
    }

    /** {@code base}'s keys with {@code top}'s replacing them; {@code top}'s other keys appended. */
    private static YNode.Map overlay(YNode.Map base, YNode.Map top) {
        Map<String, YNode.Entry> out = new LinkedHashMap<>();
        base.entries().forEach(e -> out.put(e.key(), e));
        top.entries().forEach(e -> out.put(e.key(), e));
        return new YNode.Map(new ArrayList<>(out.values()), base.span());
    }

    private static YNode.Seq mergeById(YNode.Seq mine, YNode.Seq included, boolean override) {
        List<YNode> items = new ArrayList<>(mine.items());
        for (YNode inc : included.items()) {
            Optional<String> id = idOf(inc);
            int at = -1;
            for (int i = 0; id.isPresent() && i < items.size(); i++) {
                if (idOf(items.get(i)).equals(id)) {
                    at = i;
                    break;
                }
            }
            if (at < 0) {
                items.add(inc);
            } else if (override) {
                items.set(at, inc);
            }
        }
        return new YNode.Seq(items, mine.span());
    }

    private static Optional<String> idOf(YNode node) {
        return node instanceof YNode.Map m ? m.get("id").flatMap(v -> v instanceof YNode.Scalar s && s.value() != null
                ? Optional.of(String.valueOf(s.value())) : Optional.empty()) : Optional.empty();
    }
}
