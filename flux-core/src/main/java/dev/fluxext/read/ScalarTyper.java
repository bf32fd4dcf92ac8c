package dev.fluxext.read;

import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.nodes.NodeId;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Types scalars exactly as SnakeYAML's safe loading would (YAML 1.1: {@code 0x1F}, {@code 1_000}, {@code yes},
 * {@code .inf}, ...), by reusing its constructors for the scalar tags only. Timestamps, binary and everything
 * else stay text.
 */
final class ScalarTyper extends SafeConstructor {

    private static final Set<Tag> TYPED = Set.of(Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL);
    private final Resolver resolver = new Resolver();

    ScalarTyper() {
        super(new LoaderOptions());
    }

    /** The value of a scalar whose tag the composer resolved (or the YAML gave explicitly). */
    Object typed(ScalarNode node) {
        if (!TYPED.contains(node.getTag())) {
            return node.getValue();
        }
        // The tag's constructor directly: constructObject would cache every scalar node of the document.
        Object value = yamlConstructors.get(node.getTag()).construct(node);
        if (value == null && !Tag.NULL.equals(node.getTag())) { // SnakeYAML's bool constructor: "!!bool 5" is null
            throw new IllegalArgumentException("not a " + node.getTag());
        }
        return value;
    }

    /** How YAML would type {@code text} had it been written there unquoted (used after substitution). */
    Object retype(String text) {
        Tag tag = resolver.resolve(NodeId.scalar, text, true);
        return typed(new ScalarNode(tag, text, null, null, org.yaml.snakeyaml.DumperOptions.ScalarStyle.PLAIN));
    }
}
