package dev.fluxext.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;

/** A built topology as nodes and edges, read back from the StormTopology, rendered as Graphviz DOT or Mermaid. */
record TopologyGraph(String name, List<Node> nodes, List<Edge> edges) {

    record Node(String id, boolean spout, int parallelism) {
        String label() {
            return parallelism > 1 ? id + " ×" + parallelism : id;
        }
    }

    /** {@code label} is the grouping, its fields and a non-default stream, e.g. {@code fields(word)} or {@code shuffle [errors]}. */
    record Edge(String from, String to, String label) {
    }

    static TopologyGraph of(String name, StormTopology topology) {
        List<Node> nodes = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        for (String id : ComponentOrder.of(topology)) {
            if (topology.get_spouts().containsKey(id)) {
                nodes.add(new Node(id, true, parallelism(topology.get_spouts().get(id).get_common())));
            } else {
                Bolt bolt = topology.get_bolts().get(id);
                nodes.add(new Node(id, false, parallelism(bolt.get_common())));
                new TreeMap<>(bolt.get_common().get_inputs()).forEach((source, grouping) ->
                    edges.add(new Edge(source.get_componentId(), id, label(source, grouping))));
            }
        }
        return new TopologyGraph(name, List.copyOf(nodes), List.copyOf(edges));
    }

    private static int parallelism(ComponentCommon common) {
        return common.is_set_parallelism_hint() ? common.get_parallelism_hint() : 1;
    }

    private static String label(GlobalStreamId source, Grouping grouping) {
        String label = switch (grouping.getSetField()) {
            case FIELDS -> grouping.get_fields().isEmpty() ? "global" : "fields(" + String.join(", ", grouping.get_fields()) + ")";
            case SHUFFLE -> "shuffle";
            case ALL -> "all";
            case NONE -> "none";
            case DIRECT -> "direct";
            case LOCAL_OR_SHUFFLE -> "local_or_shuffle";
            case CUSTOM_SERIALIZED -> "custom " + customClass(grouping.get_custom_serialized());
            case CUSTOM_OBJECT -> "custom " + grouping.get_custom_object().get_full_class_name();
        };
        return Utils.DEFAULT_STREAM_ID.equals(source.get_streamId()) ? label : label + " [" + source.get_streamId() + "]";
    }

    private static String customClass(byte[] serialized) {
        Object grouping = Utils.javaDeserialize(serialized, Object.class);
        return grouping.getClass().getSimpleName();
    }

    String toDot() {
        StringBuilder dot = new StringBuilder("digraph ").append(dotString(name)).append(" {\n");
        dot.append("  rankdir=LR;\n  node [fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\", fontsize=10];\n");
        for (Node node : nodes) {
            dot.append("  ").append(dotString(node.id())).append(" [label=").append(dotString(node.label()))
                .append(node.spout() ? ", shape=ellipse, style=filled, fillcolor=\"#dbeafe\"" : ", shape=box")
                .append("];\n");
        }
        for (Edge edge : edges) {
            dot.append("  ").append(dotString(edge.from())).append(" -> ").append(dotString(edge.to()))
                .append(" [label=").append(dotString(edge.label())).append("];\n");
        }
        return dot.append("}\n").toString();
    }

    /** Mermaid node ids must be plain words, so components become n0, n1, ... with their id as the label. */
    String toMermaid() {
        Map<String, String> ids = new TreeMap<>();
        StringBuilder mermaid = new StringBuilder("flowchart LR\n");
        for (Node node : nodes) {
            String id = "n" + ids.size();
            ids.put(node.id(), id);
            String label = mermaidString(node.label());
            mermaid.append("  ").append(id).append(node.spout() ? "([" + label + "])" : "[" + label + "]").append('\n');
        }
        for (Edge edge : edges) {
            // An input from a component the topology does not declare cannot be built; draw it anyway, plainly.
            String from = ids.computeIfAbsent(edge.from(), unknown -> "n" + ids.size());
            mermaid.append("  ").append(from).append(" -->|").append(mermaidString(edge.label())).append("| ")
                .append(ids.get(edge.to())).append('\n');
        }
        return mermaid.toString();
    }

    private static String dotString(String text) {
        return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    private static String mermaidString(String text) {
        return '"' + text.replace("\"", "#quot;") + '"';
    }
}
