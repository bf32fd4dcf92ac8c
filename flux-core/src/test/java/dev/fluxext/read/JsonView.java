package dev.fluxext.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.model.Position;
import java.math.BigInteger;

/**
 * A YAML document as Jackson JSON (for the JSON Schema check), with the position of every value by JSON Pointer so
 * that schema problems can be reported at FILE:LINE:COL.
 */
public final class JsonView {

    private final YNode yaml;
    private final JsonNode root;

    private JsonView(YNode yaml, JsonNode root) {
        this.yaml = yaml;
        this.root = root;
    }

    public static JsonView of(YNode node) {
        return new JsonView(node, convert(node));
    }

    public JsonNode root() {
        return root;
    }

    /**
     * Where the value at {@code pointer} (RFC 6901, e.g. {@code /spouts/0/parallelism}) was written; for a pointer
     * to something absent (a missing key), the nearest enclosing value that exists.
     */
    public Position positionOf(String pointer) {
        // Walked on demand: only documents with schema problems need positions.
        YNode node = yaml;
        String p = pointer == null ? "" : pointer;
        for (String raw : p.isEmpty() ? new String[0] : p.substring(1).split("/", -1)) {
            String segment = raw.replace("~1", "/").replace("~0", "~");
            YNode next = null;
            if (node instanceof YNode.Map map) {
                next = map.get(segment).orElse(null);
            } else if (node instanceof YNode.Seq seq && segment.matches("\\d{1,9}")
                    && Integer.parseInt(segment) < seq.items().size()) {
                next = seq.items().get(Integer.parseInt(segment));
            }
            if (next == null) {
                break;
            }
            node = next;
        }
        return node.position();
    }

    private static JsonNode convert(YNode node) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (node instanceof YNode.Scalar s) {
            Object v = s.value();
            if (v == null) {
                return f.nullNode();
            }
            if (v instanceof Integer i) {
                return f.numberNode(i);
            }
            if (v instanceof Long l) {
                return f.numberNode(l);
            }
            if (v instanceof BigInteger b) {
                return f.numberNode(b);
            }
            if (v instanceof Double d) {
                return f.numberNode(d);
            }
            if (v instanceof Boolean b) {
                return f.booleanNode(b);
            }
            return f.textNode(v.toString());
        }
        if (node instanceof YNode.Seq seq) {
            ArrayNode array = f.arrayNode();
            seq.items().forEach(item -> array.add(convert(item)));
            return array;
        }
        ObjectNode object = f.objectNode();
        for (YNode.Entry e : ((YNode.Map) node).entries()) {
            object.set(e.key(), convert(e.value()));
        }
        return object;
    }
}
