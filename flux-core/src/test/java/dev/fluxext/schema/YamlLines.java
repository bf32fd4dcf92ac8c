package dev.fluxext.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.util.HashMap;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Test-only stand-in for core's reader: a YAML file as a JsonNode plus the 1-based line of each JSON Pointer (a map
 * entry is at its key, where an editor marks it too).
 */
record YamlLines(JsonNode document, Map<String, Integer> lines) {

    static YamlLines read(String yaml) {
        JsonNode document = new ObjectMapper().valueToTree(new Yaml().load(yaml));
        Map<String, Integer> lines = new HashMap<>();
        Node root = new Yaml().compose(new StringReader(yaml));
        if (root != null) {
            index(root, "", root.getStartMark().getLine() + 1, lines);
        }
        return new YamlLines(document, lines);
    }

    int lineOf(String pointer) {
        String p = pointer;
        while (!lines.containsKey(p)) { // a missing key's pointer: report at its parent
            p = p.substring(0, Math.max(0, p.lastIndexOf('/')));
        }
        return lines.get(p);
    }

    private static void index(Node node, String pointer, int line, Map<String, Integer> lines) {
        lines.put(pointer, line);
        if (node instanceof MappingNode map) {
            for (NodeTuple entry : map.getValue()) {
                String key = ((ScalarNode) entry.getKeyNode()).getValue().replace("~", "~0").replace("/", "~1");
                index(entry.getValueNode(), pointer + "/" + key, entry.getKeyNode().getStartMark().getLine() + 1, lines);
            }
        } else if (node instanceof SequenceNode seq) {
            for (int i = 0; i < seq.getValue().size(); i++) {
                Node item = seq.getValue().get(i);
                index(item, pointer + "/" + i, item.getStartMark().getLine() + 1, lines);
            }
        }
    }
}
