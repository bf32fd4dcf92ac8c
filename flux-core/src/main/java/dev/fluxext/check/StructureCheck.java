package dev.fluxext.check;

import dev.fluxext.compression.config.CompressionOptions;
import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.diag.Suggestions;
import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.CompressionDef;
import dev.fluxext.model.Located;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import dev.fluxext.model.StreamDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Structural checks across elements that need no classes: ids, references, stream ends, counts, codec settings.
 * What one element declares by itself (shapes, minimums, rules between its keys) is checked as it is read. Runs on the merged model;
 * reports everything it finds.
 */
public final class StructureCheck {

    /** Where a bolt that works from tick tuples alone can take a stream from (Storm's system component). */
    private static final String SYSTEM_COMPONENT = "__system";
    private static final String TICK_STREAM = "__tick";

    private final Diagnostics diagnostics;
    /** The ids of the components Storm adds to the topology ({@code __system}, {@code __acker}, ...): stream sources too. */
    private final Set<String> systemComponents;

    /** @param systemComponents the ids of the components Storm adds to this topology, which streams may come from */
    public StructureCheck(Diagnostics diagnostics, Set<String> systemComponents) {
        this.diagnostics = diagnostics;
        this.systemComponents = Set.copyOf(systemComponents);
    }

    /** What an id names, and where it was declared. */
    private record Declared(String kind, Span span) {
    }

    public void check(TopologyDef topology) {
        Map<String, Declared> ids = new HashMap<>();
        Map<String, Span> allComponents = new HashMap<>();
        topology.components().forEach(c -> allComponents.putIfAbsent(c.idOrEmpty(), c.id().orElseThrow().span()));
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
        Declared first = ids.putIfAbsent(id.value(), new Declared(kind, id.span()));
        if (first != null) {
            diagnostics.add(Diagnostic.error(Code.DUPLICATE_ID, id.span(),
                    "duplicate id '" + id.value() + "': already used by the " + first.kind() + " declared at "
                    + where(first.span().start(), id.position()) + " (ids must be unique across components, spouts "
                    + "and bolts)").withRelated(first.span(), "first declared here"));
        }
    }

    /** "line N", or "FILE:LINE:COL" when the first one is in another file. */
    private static String where(Position first, Position here) {
        return first.file().equals(here.file()) ? "line " + first.line() : first.toString();
    }

    /** What references may name at a point of the file. */
    private record Scope(Set<String> declaredAbove, Map<String, Span> allComponents, Set<String> executorIds) {
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
            Span later = scope.allComponents.get(ref.id());
            if (later != null) {
                diagnostics.add(Diagnostic.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to component '"
                        + ref.id() + "' declared later (at " + where(later.start(), ref.position()) + "): declare it "
                        + "above the place that uses it").withRelated(later, "declared here"));
            } else if (scope.executorIds.contains(ref.id())) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to '" + ref.id()
                        + "', which is a spout or bolt: "
                        + "references name entries of 'components'");
            } else {
                Optional<String> meant = Suggestions.nearest(ref.id(), scope.allComponents.keySet());
                diagnostics.add(Diagnostic.error(Code.UNKNOWN_REFERENCE, ref.span(), "reference to unknown component '"
                        + ref.id() + "'" + Suggestions.didYouMean(meant)).withSuggestion(meant));
            }
        } else if (value instanceof Value.RefList list) {
            list.refs().forEach(r -> reference(r, scope));
        } else if (value instanceof Value.ListValue list) {
            list.items().forEach(v -> reference(v, scope));
        } else if (value instanceof Value.MapValue map) {
            map.entries().values().forEach(v -> reference(v, scope));
        }
    }

    /** Minimums are checked where the values are read; what is left is how two counts relate. */
    private void counts(ComponentDef e) {
        e.numTasks().filter(n -> n.value() < e.parallelism().value()).ifPresent(n ->
                diagnostics.warning(Code.NO_EFFECT, n.span(), "'numTasks' (" + n.value() + ") of "
                        + e.describe() + " is less than its 'parallelism' (" + e.parallelism().value() + "): only "
                        + n.value() + " executors will run"));
    }

    private void streams(TopologyDef t, Map<String, Declared> ids) {
        Set<String> spouts = new HashSet<>();
        t.spouts().forEach(s -> spouts.add(s.id()));
        Set<String> bolts = new HashSet<>();
        t.bolts().forEach(b -> bolts.add(b.id()));
        Set<String> executors = new HashSet<>(spouts);
        executors.addAll(bolts);
        Set<String> unreached = new HashSet<>();
        t.unreachedBolts().forEach(b -> unreached.add(b.id()));
        for (StreamDef s : t.streams()) {
            String from = s.from().value();
            if (unreached.contains(from) && !spouts.contains(from)) { // a duplicate id is reported already
                diagnostics.error(Code.UNKNOWN_REFERENCE, s.from().span(), "stream from bolt '" + from + "', which "
                        + "no stream goes to: it is left out of the topology (as Storm's Flux leaves it out, and Nimbus "
                        + "rejects a stream from it); give it a stream, e.g. from '" + SYSTEM_COMPONENT + "' with "
                        + "streamId '" + TICK_STREAM + "' for a bolt that works from tick tuples");
            } else if (!executors.contains(from) && !systemComponents.contains(from)) {
                Optional<String> meant = Suggestions.nearest(from, executors);
                diagnostics.add(Diagnostic.error(Code.UNKNOWN_REFERENCE, s.from().span(),
                        "stream from unknown spout or bolt '" + from + "'" + notAnExecutor(from, ids)
                        + (from.startsWith("__") ? " (Storm adds " + String.join(", ", new TreeSet<>(systemComponents))
                                + " to this topology)" : "")
                        + Suggestions.didYouMean(meant)).withSuggestion(meant));
            }
            String to = s.to().value();
            if (spouts.contains(to)) {
                diagnostics.error(Code.UNKNOWN_REFERENCE, s.to().span(), "stream to "
                        + "spout '" + to + "': streams go to bolts");
            } else if (!bolts.contains(to)) {
                Optional<String> meant = Suggestions.nearest(to, bolts);
                diagnostics.add(Diagnostic.error(Code.UNKNOWN_REFERENCE, s.to().span(),
                        "stream to unknown bolt '" + to + "'"
                        + notAnExecutor(to, ids)
                        + Suggestions.didYouMean(meant)).withSuggestion(meant));
            }
        }
        cycles(t, bolts);
        for (ComponentDef b : t.unreachedBolts()) {
            diagnostics.warning(Code.LEFT_OUT, b.span(), "no stream goes to bolt '" + b.id()
                    + "': it is left out of the topology, as Storm's Flux leaves it out");
        }
    }

    /**
     * Streams that lead from a bolt back to itself, as Storm's submitter finds them (it only logs them): one warning
     * per stream that closes a cycle, found depth first in the order the file declares bolts and streams.
     */
    private void cycles(TopologyDef t, Set<String> bolts) {
        Map<String, List<StreamDef>> out = new LinkedHashMap<>();
        for (StreamDef s : t.streams()) {
            if (bolts.contains(s.from().value()) && bolts.contains(s.to().value())) {
                out.computeIfAbsent(s.from().value(), k -> new ArrayList<>()).add(s);
            }
        }
        Set<String> finished = new HashSet<>();
        for (ComponentDef b : t.bolts()) {
            if (!finished.contains(b.id())) {
                walk(b.id(), out, new ArrayList<>(), new HashMap<>(), finished);
            }
        }
    }

    /**
     * Depth first from {@code bolt}: {@code path} holds the streams followed to reach it (its bolts are open),
     * {@code onPath} the index in {@code path} of each bolt they start from, so that a long chain is walked in
     * linear time.
     */
    private void walk(String bolt, Map<String, List<StreamDef>> out, List<StreamDef> path, Map<String, Integer> onPath,
                      Set<String> finished) {
        for (StreamDef s : out.getOrDefault(bolt, List.of())) {
            String to = s.to().value();
            if (to.equals(bolt)) {
                diagnostics.add(Diagnostic.warning(Code.STREAM_CYCLE, s.to().span(), "stream from bolt '" + to
                        + "' to itself: what it emits on stream '" + s.grouping().streamId().value()
                        + "' comes back to it, and tuples circle for ever unless it stops emitting for some of them")
                        .withRelated(s.from().span(), "the stream starts here"));
                continue;
            }
            Integer open = onPath.get(to);
            if (open != null) {
                List<StreamDef> cycle = new ArrayList<>(path.subList(open, path.size()));
                cycle.add(s);
                String ids = cycle.stream().map(c -> c.from().value()).collect(Collectors.joining(" -> "));
                diagnostics.add(Diagnostic.warning(Code.STREAM_CYCLE, s.to().span(), "streams " + ids + " -> " + to
                        + " form a cycle: tuples circle for ever unless a bolt on it stops emitting for some of them")
                        .withRelated(cycle.get(0).from().span(), "the cycle starts here"));
            } else if (!finished.contains(to)) {
                onPath.put(s.from().value(), path.size());
                path.add(s);
                walk(to, out, path, onPath, finished);
                path.remove(path.size() - 1);
                onPath.remove(s.from().value());
            }
        }
        finished.add(bolt);
    }

    private static String notAnExecutor(String id, Map<String, Declared> ids) {
        Declared d = ids.get(id);
        return d != null && d.kind().equals("component") ? " ('" + id + "' is a component, not a spout or bolt)" : "";
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
