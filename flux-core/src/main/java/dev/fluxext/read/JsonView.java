package dev.fluxext.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.fluxext.diag.Position;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML document as Jackson JSON (for the JSON Schema check), with the position of every value by JSON Pointer so
 * that schema problems can be reported at FILE:LINE:COL.
 */
public final class JsonView {

    private final JsonNode root;
    private final Map<String, Position> positions;

    private JsonView(JsonNode root, Map<String, Position> positions) {
        this.root = root;
        this.positions = positions;
    }

    public static JsonView of(YNode node) {
        Map<String, Position> positions = new HashMap<>();
        JsonNode root = convert(node, "", positions);
        return new JsonView(root, Map.copyOf(positions));
    }

    public JsonNode root() {
        return root;
    }

    /**
     * Where the value at {@code pointer} (RFC 6901, e.g. {@code /spouts/0/parallelism}) was written; for a pointer
     * to something absent (a missing key), the nearest enclosing value that exists.
     */
    public Position positionOf(String pointer) {
        String p = pointer == null ? "" : pointer;
        while (true) {
            Position found = positions.get(p);
            if (found != null || p.isEmpty()) {
                return found != null ? found : positions.get("");
            }
            p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
        }
    }

    private static JsonNode convert(YNode node, String pointer, Map<String, Position> positions) {
        positions.put(pointer, node.position());
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
            for (int i = 0; i < seq.items().size(); i++) {
                array.add(convert(seq.items().get(i), pointer + "/" + i, positions));
            }
            return array;
        }
        ObjectNode object = f.objectNode();
        for (YNode.Entry e : ((YNode.Map) node).entries()) {
            object.set(e.key(), convert(e.value(), pointer + "/" + escape(e.key()), positions));
        }
        return object;
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
