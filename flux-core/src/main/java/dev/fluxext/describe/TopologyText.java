package dev.fluxext.describe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.describe.TopologyView.Component;
import dev.fluxext.describe.TopologyView.Input;
import dev.fluxext.describe.TopologyView.Origin;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@code show}'s two forms of a {@link TopologyView}: a readable summary and one JSON document. Map keys sorted. */
public final class TopologyText {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private TopologyText() {
    }

    /**
     * {@code {"name", "source", "config", "addedByFluxext", "components": [{"id", "type", "origin", "className",
     * "parallelism", "numTasks", "loads", "config", "addedByFluxext", "inputs": [{"from", "stream", "grouping",
     * "fields", "customClass"}], "outputs"}]}}. {@code source}, {@code className}, {@code numTasks} and
     * {@code outputs} are null when unknown or unset; {@code fields} appears on {@code fields} groupings,
     * {@code customClass} on custom ones whose class is known; {@code addedByFluxext} lists, sorted, the keys of the
     * {@code config} beside it that fluxext's compression and transport wiring set.
     */
    public static ObjectNode json(TopologyView view) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("name", view.name());
        doc.put("source", view.source().orElse(null));
        doc.set("config", JSON.valueToTree(new TreeMap<>(view.config())));
        doc.set("addedByFluxext", JSON.valueToTree(new TreeSet<>(view.addedConfig())));
        ArrayNode components = doc.putArray("components");
        for (Component c : view.components()) {
            ObjectNode node = components.addObject();
            node.put("id", c.id());
            node.put("type", lower(c.type()));
            node.put("origin", lower(c.origin()));
            node.put("className", c.className().orElse(null));
            node.put("parallelism", c.parallelism());
            node.put("numTasks", c.numTasks().orElse(null));
            node.set("loads", JSON.valueToTree(c.loads()));
            node.set("config", JSON.valueToTree(new TreeMap<>(c.config())));
            node.set("addedByFluxext", JSON.valueToTree(new TreeSet<>(c.addedConfig())));
            ArrayNode inputs = node.putArray("inputs");
            for (Input in : c.inputs()) {
                ObjectNode input = inputs.addObject();
                input.put("from", in.from());
                input.put("stream", in.stream());
                input.put("grouping", in.grouping());
                if (in.grouping().equals("fields")) {
                    in.fields().forEach(input.putArray("fields")::add);
                }
                in.customClass().ifPresent(k -> input.put("customClass", k));
            }
            node.set("outputs", c.outputs().<com.fasterxml.jackson.databind.JsonNode>map(JSON::valueToTree)
                    .orElse(null));
        }
        return doc;
    }

    /** {@link #json} as indented text. */
    public static String jsonText(TopologyView view) {
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json(view));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain nodes always serializes
        }
    }

    /** What a person wants to see at a glance: components, parallelism, inputs, outputs and config. */
    public static String summary(TopologyView view) {
        StringBuilder out = new StringBuilder();
        out.append("topology ").append(view.name()).append('\n');
        view.source().ifPresent(s -> out.append("  components as ").append(s).append(" made them, read from Storm's "
                + "topology object (flux does not deserialize them, so their classes are not known)\n"));
        appendConfig(out, view.config(), view.addedConfig());
        for (Component c : view.components()) {
            out.append('\n').append(lower(c.type())).append(' ').append(c.id()).append(": ")
                    .append(c.className().orElse(c.origin() == Origin.STORM ? "(added by Storm)" : "(class unknown)"))
                    .append(", parallelism ").append(c.parallelism());
            c.numTasks().ifPresent(n -> out.append(", ").append(n).append(n == 1 ? " task" : " tasks"));
            out.append('\n');
            for (Input in : c.inputs()) {
                out.append("  input  ").append(in.from()).append(" [").append(in.stream()).append("] ")
                        .append(in.grouping());
                if (in.grouping().equals("fields")) { // as JSON: a field name with a comma or space reads plainly
                    out.append(' ').append(JSON.valueToTree(in.fields()).toString());
                }
                in.customClass().ifPresent(k -> out.append(' ').append(k));
                out.append('\n');
            }
            c.outputs().ifPresent(outputs -> outputs.forEach((stream, fields) ->
                    out.append("  output ").append(stream).append(' ').append(fields).append('\n')));
            appendMap(out, "loads", c.loads());
            appendConfig(out, c.config(), c.addedConfig());
        }
        return out.toString();
    }

    /** Keys fluxext's wiring set are marked, so that a user comparing with Storm UI knows where they come from. */
    private static void appendConfig(StringBuilder out, Map<String, Object> config, Set<String> added) {
        Map<String, Object> marked = new TreeMap<>();
        config.forEach((k, v) -> marked.put(added.contains(k) ? k + " (added by fluxext)" : k, v));
        appendMap(out, "config", marked);
    }

    private static void appendMap(StringBuilder out, String title, Map<String, ?> map) {
        if (map.isEmpty()) {
            return;
        }
        out.append("  ").append(title).append('\n');
        map.forEach((k, v) -> out.append("    ").append(k).append(": ").append(v).append('\n'));
    }

    private static String lower(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
