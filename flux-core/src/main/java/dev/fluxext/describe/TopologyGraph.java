package dev.fluxext.describe;

import dev.fluxext.describe.TopologyView.Component;
import dev.fluxext.describe.TopologyView.Input;
import dev.fluxext.model.GroupingDef;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A {@link TopologyView} as nodes and edges, rendered as Graphviz DOT or Mermaid ({@code graph}). */
public record TopologyGraph(String name, List<Node> nodes, List<Edge> edges) {

    public record Node(String id, boolean spout, int parallelism) {
        String label() {
            return parallelism > 1 ? id + " ×" + parallelism : id;
        }
    }

    /** {@code label} is the grouping, its fields and a non-default stream, e.g. {@code fields(word)} or {@code shuffle [errors]}. */
    public record Edge(String from, String to, String label) {
    }

    /** Nodes in the view's flow order; each bolt's inputs as edges, in the order the view lists them. */
    public static TopologyGraph of(TopologyView view) {
        List<Node> nodes = new ArrayList<>();
        List<Edge> edges = new ArrayList<>();
        for (Component c : view.components()) {
            nodes.add(new Node(c.id(), c.isSpout(), c.parallelism()));
            c.inputs().forEach(in -> edges.add(new Edge(in.from(), c.id(), label(in))));
        }
        return new TopologyGraph(view.name(), List.copyOf(nodes), List.copyOf(edges));
    }

    private static String label(Input in) {
        String label = switch (in.grouping()) {
            case "fields" -> "fields(" + String.join(", ", in.fields()) + ")";
            case "custom" -> "custom" + in.customClass().map(k -> " " + simpleName(k)).orElse("");
            default -> in.grouping();
        };
        return GroupingDef.DEFAULT_STREAM.equals(in.stream()) ? label : label + " [" + in.stream() + "]";
    }

    /** {@code a.b.Outer$Inner} → {@code Inner}, as Class.getSimpleName says, without loading the class. */
    private static String simpleName(String className) {
        String name = className.substring(className.lastIndexOf('.') + 1);
        return name.substring(name.lastIndexOf('$') + 1);
    }

    public String toDot() {
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
    public String toMermaid() {
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
