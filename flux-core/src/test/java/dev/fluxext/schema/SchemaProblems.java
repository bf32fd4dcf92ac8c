package dev.fluxext.schema;

import dev.fluxext.diag.Suggestions;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.ValidationMessage;
import dev.fluxext.schema.TopologySchema.Problem;
import dev.fluxext.transport.TransportOptions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Turns raw validator output into one plain sentence per real problem, at the most specific pointer. The failed
 * branches of an {@code anyOf}/{@code oneOf} are collapsed into one message (an enum's values, a rule's own words,
 * a typed value's types and its placeholder, or the errors of the branch that came closest).
 */
final class SchemaProblems {

    private static final String PLACEHOLDER_DEFINITION = "definitions/placeholder";
    private static final Set<String> COMBINATORS = Set.of("anyOf", "oneOf");

    private final JsonNode schema;

    SchemaProblems(JsonNode schema) {
        this.schema = schema;
    }

    List<Problem> explain(Collection<ValidationMessage> raw, JsonNode document) {
        List<Error> errors = collapse(raw.stream().map(Error::new).toList(), 0);
        // A misspelt required key ("too" for "to") is one problem: the unknown key, which suggests the right one.
        Set<String> suggested = new HashSet<>();
        for (Error e : errors) {
            if (e.custom == null && e.type().equals("additionalProperties")) {
                List<String> allowed = new ArrayList<>();
                e.owner().path("properties").fieldNames().forEachRemaining(allowed::add);
                suggested.add(e.pointer() + "/" + closest(e.message.getProperty(), allowed));
            }
        }
        Set<Problem> problems = new LinkedHashSet<>();
        for (Error e : errors) {
            if (e.custom != null) {
                problems.add(new Problem(e.pointer(), e.custom));
            } else if (!(e.type().equals("required") && suggested.contains(e.pointer() + "/" + e.message.getProperty()))) {
                problems.add(words(e));
            }
        }
        Map<String, Integer> order = documentOrder(document);
        return problems.stream()
                .sorted(Comparator.comparing((Problem p) -> order.getOrDefault(p.pointer(), Integer.MAX_VALUE)))
                .toList();
    }

    /** One raw message plus where it sits; {@code custom} is set when a collapsed group already has its words. */
    private final class Error {
        final ValidationMessage message;
        final List<String> evaluation;
        final List<String> instance;
        String custom;

        Error(ValidationMessage message) {
            this.message = message;
            this.evaluation = names(message.getEvaluationPath());
            this.instance = names(message.getInstanceLocation());
        }

        String type() {
            return message.getType();
        }

        String pointer() {
            return pointer(instance);
        }

        /** The schema object holding the failed keyword. */
        JsonNode owner() {
            List<String> fragment = names(message.getSchemaLocation().getFragment());
            return at(fragment.subList(0, Math.max(0, fragment.size() - 1)));
        }

        String pointer(List<String> segments) {
            StringBuilder sb = new StringBuilder();
            segments.forEach(s -> sb.append('/').append(s.replace("~", "~0").replace("/", "~1")));
            return sb.toString();
        }
    }

    // ---- anyOf / oneOf ----

    /** Replaces each failed combinator (outermost first, from evaluation path index {@code from}) by its best words. */
    private List<Error> collapse(List<Error> errors, int from) {
        Map<String, List<Error>> groups = new LinkedHashMap<>();
        List<Error> result = new ArrayList<>();
        for (Error e : errors) {
            int at = combinatorAt(e, from);
            if (at < 0) {
                result.add(e);
            } else {
                String instanceOfCombinator = e.pointer(e.instance.subList(0,
                        e.instance.size() - instanceSegmentsAfter(e.evaluation, at + 1, e.type())));
                String key = String.join("/", e.evaluation.subList(0, at + 1)) + "@" + instanceOfCombinator;
                groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
            }
        }
        for (List<Error> group : groups.values()) {
            result.addAll(collapseGroup(group, combinatorAt(group.get(0), from)));
        }
        return result;
    }

    private List<Error> collapseGroup(List<Error> group, int at) {
        // A branch error whose schema path has no $ref after the combinator locates the combinator's schema.
        Error first = group.stream()
                .filter(e -> e.evaluation.size() > at + 1 && !e.evaluation.subList(at, e.evaluation.size()).contains("$ref"))
                .findFirst().orElse(null);
        // The combinator's own message (oneOf reports one) has the combinator keyword as its last segment.
        Error parent = group.stream().filter(e -> e.evaluation.size() == at + 1).findFirst().orElse(null);
        JsonNode owner = parent != null ? parent.owner() : first != null ? ownerOfCombinator(first, at) : null;
        String rule = ruleWords(owner);
        if (rule != null) {
            return List.of(withWords(parent != null ? parent : first, at, rule));
        }
        Map<String, List<Error>> branches = new LinkedHashMap<>();
        for (Error e : group) {
            if (e.evaluation.size() > at + 1) {
                branches.computeIfAbsent(e.evaluation.get(at + 1), k -> new ArrayList<>()).add(e);
            }
        }
        if (branches.isEmpty()) {
            return parent == null ? List.of() : List.of(parent);
        }
        List<String> enumValues = branches.values().stream().flatMap(List::stream)
                .filter(e -> e.type().equals("enum") && e.evaluation.size() == at + 3)
                .flatMap(e -> values(e.owner().get("enum")).stream()).distinct().toList();
        if (!enumValues.isEmpty()) {
            Error any = branches.values().iterator().next().get(0);
            return List.of(withWords(any, at, "must be one of " + String.join(", ", enumValues)
                    + ", not " + describe(any.message.getInstanceNode())));
        }
        // A typed value or its ${...} placeholder: a wrong type in every branch is one sentence naming them all;
        // a right type out of range (or the like) is that branch's complaint.
        Map<String, List<Error>> typed = new LinkedHashMap<>(branches);
        boolean placeholder = typed.values().removeIf(b -> b.stream().anyMatch(SchemaProblems::inPlaceholder));
        if (placeholder && !typed.isEmpty()) {
            List<List<Error>> rightType = typed.values().stream()
                    .filter(b -> b.stream().anyMatch(e -> !e.type().equals("type"))).toList();
            if (!rightType.isEmpty()) {
                return collapse(rightType.get(0), at + 2);
            }
            List<String> types = typed.values().stream().flatMap(List::stream)
                    .flatMap(e -> values(e.owner().get("type")).stream()).distinct().toList();
            Error any = typed.values().iterator().next().get(0);
            return List.of(withWords(any, at, expected(types, true) + ", not "
                    + describe(any.message.getInstanceNode())));
        }
        // The branch that got furthest into the value (deepest pointer), then the one with fewest complaints.
        List<Error> best = branches.values().stream()
                .max(Comparator.comparingInt((List<Error> b) -> b.stream().mapToInt(e -> e.instance.size()).max()
                                .orElse(0))
                        .thenComparing(b -> -b.size()))
                .orElseThrow();
        return collapse(best, at + 2);
    }

    /** The placeholder branch failed: its schema is the placeholder definition. */
    private static boolean inPlaceholder(Error e) {
        return String.join("/", names(e.message.getSchemaLocation().getFragment())).contains(PLACEHOLDER_DEFINITION);
    }

    /** A rule's words: the description of an untitled rule subschema (keys and definitions all have a title). */
    private static String ruleWords(JsonNode owner) {
        return owner == null || owner.has("title") ? null : owner.path("description").asText(null);
    }

    private Error withWords(Error at, int combinator, String words) {
        Error e = at;
        if (at.evaluation.size() > combinator + 1) { // a branch error: report at the combinator's own instance
            e = new Error(at.message);
            int extra = instanceSegmentsAfter(at.evaluation, combinator + 1, at.type());
            e.instance.subList(e.instance.size() - extra, e.instance.size()).clear();
        }
        e.custom = words;
        return e;
    }

    private JsonNode ownerOfCombinator(Error e, int at) {
        List<String> fragment = names(e.message.getSchemaLocation().getFragment());
        // Without a $ref after the combinator, the fragment ends with the same segments as the evaluation path.
        int tail = e.evaluation.size() - at;
        return at(fragment.subList(0, fragment.size() - tail));
    }

    private static int combinatorAt(Error e, int from) {
        for (int i = from; i < e.evaluation.size(); i++) {
            if (COMBINATORS.contains(e.evaluation.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** How many instance segments the schema path from {@code from} descends into (the last segment is the keyword). */
    private static int instanceSegmentsAfter(List<String> evaluation, int from, String keyword) {
        int count = 0;
        for (int i = from; i < evaluation.size() - 1; i++) {
            switch (evaluation.get(i)) {
                case "properties", "patternProperties" -> {
                    count++;
                    i++;
                }
                case "items", "additionalProperties" -> count++;
                case "allOf", "anyOf", "oneOf" -> i++;
                default -> { // $ref, if, then, else, not, branch indexes: same instance
                }
            }
        }
        return count;
    }

    // ---- words ----

    private Problem words(Error e) {
        ValidationMessage m = e.message;
        JsonNode owner = e.owner();
        JsonNode value = m.getInstanceNode();
        String custom = ruleWords(owner);
        String message = switch (e.type()) {
            case "additionalProperties" -> {
                String key = m.getProperty();
                List<String> allowed = new ArrayList<>();
                owner.path("properties").fieldNames().forEachRemaining(allowed::add);
                String suggestion = closest(key, allowed);
                yield "unknown key '" + key + "'"
                        + (suggestion != null ? " (did you mean '" + suggestion + "'?)" : "")
                        + (allowed.isEmpty() ? "" : "; allowed: " + String.join(", ", allowed));
            }
            case "required" -> "missing required key '" + m.getProperty() + "'";
            case "type" -> typeWords(owner, value);
            case "pattern" -> owner.path("pattern").asText().equals(SchemaGenerator.TRANSPORT_TYPE_PATTERN)
                    ? TransportOptions.TYPE_PROBLEM + ", not " + describe(value)
                    : "must match " + owner.path("pattern").asText() + ", not " + describe(value);
            case "minimum" -> "must be at least " + number(owner.get("minimum")) + ", not " + describe(value);
            case "exclusiveMinimum" -> "must be greater than " + number(owner.get("exclusiveMinimum"))
                    + ", not " + describe(value);
            case "maximum" -> "must be at most " + number(owner.get("maximum")) + ", not " + describe(value);
            case "exclusiveMaximum" -> "must be less than " + number(owner.get("exclusiveMaximum"))
                    + ", not " + describe(value);
            case "enum" -> "must be one of " + String.join(", ", values(owner.get("enum"))) + ", not "
                    + describe(value);
            case "not", "false" -> custom != null ? custom : "is not allowed here";
            default -> custom != null ? custom : stripPointer(m.getMessage(), e.pointer());
        };
        String pointer = e.type().equals("additionalProperties")
                ? e.pointer() + "/" + m.getProperty().replace("~", "~0").replace("/", "~1")
                : e.pointer();
        return new Problem(pointer, message);
    }

    /** "must be a whole number, not 'x'" from the schema's type. */
    private static String typeWords(JsonNode owner, JsonNode value) {
        return expected(values(owner.get("type")), false) + ", not " + describe(value);
    }

    /**
     * "must be a whole number or a ${...} placeholder": a typed value's words (the loader says the same).
     */
    static String expected(List<String> jsonTypes, boolean placeholder) {
        List<String> wanted = new ArrayList<>(jsonTypes.stream()
                .filter(t -> !t.equals("null") && !(placeholder && t.equals("string")))
                .flatMap(t -> t.equals("boolean") ? Stream.of("true", "false") : Stream.of(typeName(t))).toList());
        if (placeholder) {
            wanted.add("a ${...} placeholder");
        }
        if (wanted.isEmpty()) {
            return "must be a value";
        }
        int last = wanted.size() - 1;
        return "must be " + (last == 0 ? wanted.get(0)
                : String.join(", ", wanted.subList(0, last)) + " or " + wanted.get(last));
    }

    private static String typeName(String jsonType) {
        return switch (jsonType) {
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "string" -> "text";
            case "array" -> "a list";
            case "object" -> "a map of key: value";
            default -> jsonType;
        };
    }

    private static String describe(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "empty";
        }
        if (value.isTextual()) {
            return "'" + value.asText() + "'";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isObject()) {
            return "a map";
        }
        return value.asText();
    }

    private static String number(JsonNode n) {
        return n == null ? "?" : n.asText();
    }

    private static String stripPointer(String message, String pointer) {
        String prefix = (pointer.isEmpty() ? "" : pointer) + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    /** The allowed key closest to a mistyped one, if it is a plausible typo; else null. */
    private static String closest(String key, List<String> allowed) {
        return Suggestions.nearest(key, allowed).orElse(null);
    }

    // ---- navigation ----

    private JsonNode at(List<String> path) {
        JsonNode node = schema;
        for (String segment : path) {
            node = node.isArray() ? node.path(Integer.parseInt(segment)) : node.path(segment);
        }
        return node;
    }

    private static List<String> names(JsonNodePath path) {
        List<String> names = new ArrayList<>(path.getNameCount());
        for (int i = 0; i < path.getNameCount(); i++) {
            names.add(String.valueOf(path.getElement(i)));
        }
        return names;
    }

    private static List<String> values(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(v -> values.add(v.asText()));
        } else if (node != null) {
            values.add(node.asText());
        }
        return values;
    }

    /** Pointer → position in a pre-order walk, so problems come out in the order of the file. */
    private static Map<String, Integer> documentOrder(JsonNode document) {
        Map<String, Integer> order = new HashMap<>();
        walk(document, "", order);
        return order;
    }

    private static void walk(JsonNode node, String pointer, Map<String, Integer> order) {
        order.put(pointer, order.size());
        if (node.isObject()) {
            node.fieldNames().forEachRemaining(name -> walk(node.get(name),
                    pointer + "/" + name.replace("~", "~0").replace("/", "~1"), order));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(node.get(i), pointer + "/" + i, order);
            }
        }
    }
}
