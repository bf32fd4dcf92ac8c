package dev.fluxext.check;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Suggestions;
import dev.fluxext.lang.Language;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.Position;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.Value;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Structural checks that need no classes: ids, references, streams, groupings, counts. Runs on the merged model;
 * reports everything it finds.
 */
public final class StructureCheck {

    private final Diagnostics diagnostics;

    public StructureCheck(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** What an id names, and where it was declared. */
    private record Declared(String kind, Position position) {
    }

    public void check(TopologyDef topology) {
        Map<String, Declared> ids = new HashMap<>();
        Map<String, Position> allComponents = new HashMap<>();
        topology.components().forEach(c -> allComponents.putIfAbsent(c.idOrEmpty(), c.position()));
        Set<String> executorIds = new HashSet<>();
        topology.executors().forEach(e -> executorIds.add(e.id()));
        // Components first: a reference may only point to a component declared above it.
        Scope scope = new Scope(new HashSet<>(), allComponents, executorIds);
        for (ObjectDef component : topology.components()) {
            references(component, scope);
            declare(component.id().orElseThrow(), "component", ids);
            scope.declaredAbove.add(component.idOrEmpty());
        }
        for (ComponentDef spout : topology.spouts()) {
            declare(spout.object().id().orElseThrow(), "spout", ids);
        }
        for (ComponentDef bolt : topology.bolts()) {
            declare(bolt.object().id().orElseThrow(), "bolt", ids);
        }
        for (ComponentDef executor : topology.executors()) {
            references(executor.object(), scope);
            counts(executor);
        }
        topology.workerHooks().forEach(h -> references(h, scope));
        topology.topologySource().ifPresent(s -> references(s.object(), scope));
        streams(topology, ids);
        compression(topology);
    }

    private void declare(Located<String> id, String kind, Map<String, Declared> ids) {
        Declared first = ids.putIfAbsent(id.value(), new Declared(kind, id.position()));
        if (first != null) {
            diagnostics.add(Diagnostic.error(Code.DUPLICATE_ID, id.span(),
                    "duplicate id '" + id.value() + "': already used by the " + first.kind() + " declared at "
                    + where(first.position(), id.position()) + " (ids must be unique across components, spouts and "
                    + "bolts)").withRelated(first.position(), "first declared here"));
        }
    }

    /** "line N", or "FILE:LINE:COL" when the first one is in another file. */
    private static String where(Position first, Position here) {
        return first.file().equals(here.file()) ? "line " + first.line() : first.toString();
    }

    /** What references may name at a point of the file. */
    private record Scope(Set<String> declaredAbove, Map<String, Position> allComponents, Set<String> executorIds) {
    }

    private void references(ObjectDef object, Scope scope) {
        object.constructorArgs().forEach(v -> reference(v, scope));
        object.factoryArgs().forEach(v -> reference(v, scope));
        object.properties().forEach(p -> reference(p.value(), scope));
        object.configMethods().forEach(m -> m.args().forEach(v -> reference(v, scope)));
    }

    private void reference(Value value, Scope scope) {
        if (value instanceof Value.Ref ref) {
            if (scope.declaredAbove.contains(ref.id())) {
                return;
            }
            Position later = scope.allComponents.get(ref.id());
            if (later != null) {
                diagnostics.add(Diagnostic.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to component '"
                        + ref.id() + "' declared later (at " + where(later, ref.position()) + "): declare it above "
                        + "the place that uses it").withRelated(later, "declared here"));
            } else if (scope.executorIds.contains(ref.id())) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to '" + ref.id()
                        + "', which is a spout or bolt: "
                        + "references name entries of 'components'");
            } else {
                diagnostics.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to unknown component '"
                        + ref.id() + "'"
                        + Suggestions.didYouMean(ref.id(), scope.allComponents.keySet()));
            }
        } else if (value instanceof Value.RefList list) {
            list.refs().forEach(r -> reference(r, scope));
        } else if (value instanceof Value.ListValue list) {
            list.items().forEach(v -> reference(v, scope));
        } else if (value instanceof Value.MapValue map) {
            map.entries().values().forEach(v -> reference(v, scope));
        }
    }

    private void counts(ComponentDef e) {
        String what = e.describe();
        long leastParallelism = (long) Language.COMPONENT.key("parallelism").orElseThrow().least();
        if (e.parallelism().value() < leastParallelism) {
            diagnostics.error(Code.OUT_OF_RANGE, e.parallelism().span(), "'parallelism' of " + what
                    + " must be at least " + leastParallelism + ", not " + e.parallelism().value());
        }
        long leastTasks = (long) Language.COMPONENT.key("numTasks").orElseThrow().least();
        e.numTasks().ifPresent(n -> {
            if (n.value() < leastTasks) {
                diagnostics.error(Code.OUT_OF_RANGE, n.span(), "'numTasks' of " + what + " must be at least "
                        + leastTasks + ", not " + n.value());
            } else if (n.value() < e.parallelism().value() && e.parallelism().value() >= leastParallelism) {
                diagnostics.warning(Code.NO_EFFECT, n.span(), "'numTasks' (" + n.value() + ") of " + what
                        + " is less than its 'parallelism' (" + e.parallelism().value() + "): only " + n.value()
                        + " executors will run");
            }
        });
        load("onHeapMemoryLoad", e.onHeapMemoryLoad(), what);
        load("offHeapMemoryLoad", e.offHeapMemoryLoad(), what);
        load("cpuLoad", e.cpuLoad(), what);
    }

    private void load(String key, java.util.Optional<Located<Double>> value, String what) {
        double least = Language.COMPONENT.key(key).orElseThrow().least();
        value.filter(v -> !(v.value() >= least) || v.value().isInfinite()).ifPresent(v ->
                diagnostics.error(Code.OUT_OF_RANGE, v.span(), "'" + key + "' of " + what + " must be a finite "
                        + "number, " + (long) least + " or more, not " + v.value()));
    }

    private void streams(TopologyDef t, Map<String, Declared> ids) {
        Set<String> spouts = new HashSet<>();
        t.spouts().forEach(s -> spouts.add(s.id()));
        Set<String> bolts = new HashSet<>();
        t.bolts().forEach(b -> bolts.add(b.id()));
        Set<String> executors = new HashSet<>(spouts);
        executors.addAll(bolts);
        Set<String> reached = new HashSet<>();
        for (StreamDef s : t.streams()) {
            String from = s.from().value();
            if (!executors.contains(from)) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, s.from().span(),
                        "stream from unknown spout or bolt '" + from + "'"
                        + notAnExecutor(from, ids) + Suggestions.didYouMean(from, executors));
            }
            String to = s.to().value();
            if (spouts.contains(to)) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, s.to().span(), "stream to "
                        + "spout '" + to + "': streams go to bolts");
            } else if (!bolts.contains(to)) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, s.to().span(),
                        "stream to unknown bolt '" + to + "'"
                        + notAnExecutor(to, ids)
                        + Suggestions.didYouMean(to, bolts));
            }
            reached.add(to);
            grouping(s.grouping());
        }
        for (ComponentDef b : t.bolts()) {
            if (!reached.contains(b.id())) {
                diagnostics.warning(Code.NO_EFFECT, b.span(), "no stream goes to bolt '" + b.id()
                        + "': it will receive no tuples");
            }
        }
    }

    private static String notAnExecutor(String id, Map<String, Declared> ids) {
        Declared d = ids.get(id);
        return d != null && d.kind().equals("component") ? " ('" + id + "' is a component, not a spout or bolt)" : "";
    }

    private void grouping(GroupingDef g) {
        GroupingDef.Type type = g.type().value();
        if (type == GroupingDef.Type.FIELDS
                && (g.fields().isEmpty() || g.fields().get().value().isEmpty())) {
            diagnostics.error(Code.GROUPING, g.fields().map(Located::span).orElse(g.span()),
                    "FIELDS grouping needs 'args': the list of field names to group by");
        }
        if (type != GroupingDef.Type.FIELDS && g.fields().isPresent()) {
            diagnostics.error(Code.GROUPING, g.fields().get().span(),
                    "'args' (field names) only apply to FIELDS grouping, not "
                    + type);
        }
        if (type == GroupingDef.Type.CUSTOM && g.customClass().isEmpty()) {
            diagnostics.error(Code.GROUPING, g.span(),
                    "CUSTOM grouping needs 'customClass': the CustomStreamGrouping to use");
        }
        if (type != GroupingDef.Type.CUSTOM && g.customClass().isPresent()) {
            diagnostics.error(Code.GROUPING, g.customClass().get().span(),
                    "'customClass' only applies to CUSTOM grouping, not "
                    + type);
        }
    }

    /**
     * Codec settings for a codec that is not in effect are likely mistakes (e.g. {@code lz4.level} with
     * {@code codec: zstd}): a warning where they are written. Topology defaults count when any spout or bolt uses them.
     */
    private void compression(TopologyDef t) {
        Set<String> codecsInUse = new HashSet<>();
        codecsInUse.add(codec(t.compression()));
        for (ComponentDef e : t.executors()) {
            String codec = codec(e.compression().over(t.compression()));
            codecsInUse.add(codec);
            String what = e.describe();
            unusedCodecSettings(e.compression(), Set.of(codec), what + " uses codec '" + codec + "'");
        }
        unusedCodecSettings(t.compression(), codecsInUse, "no spout or bolt uses that codec");
    }

    private void unusedCodecSettings(CompressionDef settings, Set<String> codecs, String why) {
        settings.settings().keySet().forEach(key -> CompressionOptions.byKey(key).ifPresent(option -> {
            int dot = option.yamlPath().indexOf('.');
            if (dot > 0 && !codecs.contains(option.yamlPath().substring(0, dot))) {
                diagnostics.warning(Code.NO_EFFECT, settings.spans().get(key), "'" + option.yamlPath()
                        + "' has no effect: "
                        + why);
            }
        }));
    }

    private static String codec(CompressionDef settings) {
        return (String) settings.settings().getOrDefault(CompressionOptions.CODEC.key(),
                CompressionOptions.CODEC.defaultValue());
    }
}
