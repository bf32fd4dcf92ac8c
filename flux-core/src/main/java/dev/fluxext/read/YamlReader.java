package dev.fluxext.read;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.events.AliasEvent;
import org.yaml.snakeyaml.events.CollectionEndEvent;
import org.yaml.snakeyaml.events.CollectionStartEvent;
import org.yaml.snakeyaml.events.Event;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.parser.Parser;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Reads one YAML document into a {@link YNode} tree with positions, safely: SnakeYAML only composes nodes (nothing
 * is ever constructed from a tag), duplicate keys, non-standard tags and non-string keys are errors at their
 * position, and size, alias and depth limits apply. Every problem goes to the {@link Diagnostics}; the result is
 * empty when the document cannot be used at all.
 */
public final class YamlReader {

    /** The tags a topology file may carry (explicitly or resolved); anything else could name a Java class. */
    private static final Set<Tag> ALLOWED_TAGS = Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL, Tag.MAP,
            Tag.SEQ, Tag.TIMESTAMP);

    private final ReadLimits limits;
    private final ReadBudget budget;
    private final ScalarTyper typer = new ScalarTyper();
    private final Resolver resolver = new Resolver();

    /** A reader whose documents all draw on {@code budget}: one reader reads every file of a topology. */
    public YamlReader(ReadBudget budget) {
        this.limits = budget.limits();
        this.budget = budget;
    }

    public YamlReader(ReadLimits limits) {
        this(new ReadBudget(limits));
    }

    public YamlReader() {
        this(ReadLimits.DEFAULT);
    }

    /**
     * Reads a file through {@link InputFiles} (a regular file of at most the size limit); {@code label} is how
     * diagnostics name it (the path as the user or the include gave it).
     */
    public Optional<YNode> readFile(Path path, String label, Diagnostics diagnostics) {
        String text;
        try {
            text = InputFiles.readText(path, "file", limits.maxBytes());
        } catch (InputFiles.Refused e) {
            diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(label), e.getMessage());
            return Optional.empty();
        }
        return readString(text, label, diagnostics);
    }

    public Optional<YNode> readString(String yaml, String label, Diagnostics diagnostics) {
        return read(SubstitutedText.asWritten(yaml), label, diagnostics);
    }

    /**
     * Reads a text whose placeholders were substituted: every position is the one in the file as written, and each
     * placeholder's problem is reported (once) when it is part of a value or key.
     */
    public Optional<YNode> read(SubstitutedText source, String label, Diagnostics diagnostics) {
        String yaml = source.text();
        Optional<Position> longLine = longLine(yaml, label);
        if (longLine.isPresent()) {
            Position at = longLine.get();
            diagnostics.error(Code.FILE_UNREADABLE, source.writtenAt(label, at.line() - 1, at.column() - 1, false),
                    "line longer than " + limits.maxLineChars() + " characters" + (source.asWritten() ? "" : " once "
                    + "its placeholders are substituted") + "; topology files have short lines (is this a generated or "
                    + "binary file?)");
            return Optional.empty();
        }
        Node root;
        try {
            LoaderOptions options = loaderOptions();
            root = new Composer(parser(yaml, options), resolver, options).getSingleNode();
        } catch (MarkedYAMLException e) {
            Diagnostic syntax = new SyntaxErrors(label, yaml).explain(e);
            if (source.asWritten()) {
                diagnostics.add(syntax);
            } else {
                new SubstitutedSyntax(source, label).explain(syntax).forEach(diagnostics::add);
            }
            return Optional.empty();
        } catch (YAMLException e) {
            Position at = limitPosition(yaml, label);
            diagnostics.error(Code.YAML_SYNTAX, source.writtenAt(label, at.line() - 1, at.column() - 1, false),
                    "invalid YAML: " + limitText(e.getMessage()));
            return Optional.empty();
        }
        if (root == null) {
            diagnostics.error(Code.FILE_UNREADABLE, Position.ofFile(label), "the file has no YAML document (it is empty)");
            return Optional.empty();
        }
        Converter converter = new Converter(label, source, diagnostics);
        try {
            return Optional.of(converter.convert(root, 0));
        } catch (TooBig e) {
            diagnostics.error(Code.FILE_UNREADABLE, e.span, e.getMessage());
            return Optional.empty();
        }
    }

    /** Where the first line longer than the limit exceeds it; line breaks as YAML 1.1 counts them. */
    private Optional<Position> longLine(String yaml, String label) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < yaml.length(); i++) {
            char c = yaml.charAt(i);
            if (c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029') {
                if (!(c == '\n' && i > 0 && yaml.charAt(i - 1) == '\r')) {
                    line++;
                }
                lineStart = i + 1;
            } else if (i - lineStart >= limits.maxLineChars()) {
                return Optional.of(new Position(label, line, limits.maxLineChars() + 1));
            }
        }
        return Optional.empty();
    }

    /**
     * SnakeYAML's parser without its {@code Yaml} front, which also sets up loading and dumping Java objects (a
     * constructor, a representer and their options) at each start: this class only parses and composes.
     */
    private static Parser parser(String yaml, LoaderOptions options) {
        return new ParserImpl(new StreamReader(new StringReader(yaml)), options);
    }

    private LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(limits.maxAliases());
        options.setNestingDepthLimit(limits.maxDepth());
        options.setCodePointLimit(limits.maxBytes());
        options.setAllowRecursiveKeys(false);
        options.setMergeOnCompose(true);
        options.setProcessComments(false);
        // Composing never instantiates anything; let every tag through so the converter can report each one at its
        // position (SnakeYAML's default inspector stops at the first global tag).
        options.setTagInspector(tag -> true);
        return options;
    }

    /**
     * Where SnakeYAML's alias or nesting limit was exceeded: it reports no position, so the events are read again
     * (linear, nothing composed) to find the first alias beyond the limit or the first collection too deep.
     */
    private Position limitPosition(String yaml, String label) {
        Set<String> collectionAnchors = new HashSet<>();
        int aliases = 0;
        int depth = 0;
        try {
            Parser parser = parser(yaml, loaderOptions());
            for (Event event = parser.getEvent(); event != null; event = parser.getEvent()) {
                if (event instanceof CollectionStartEvent start) {
                    if (++depth > limits.maxDepth()) {
                        return at(label, event.getStartMark());
                    }
                    if (start.getAnchor() != null) {
                        collectionAnchors.add(start.getAnchor());
                    }
                } else if (event instanceof CollectionEndEvent) {
                    depth--;
                } else if (event instanceof AliasEvent alias && collectionAnchors.contains(alias.getAnchor())
                        && ++aliases > limits.maxAliases()) {
                    return at(label, event.getStartMark());
                }
            }
        } catch (YAMLException e) {
            // The limit that stopped composing was not found by this reading: the file as a whole is blamed.
        }
        return Position.ofFile(label);
    }

    private static Position at(String label, Mark mark) {
        return mark == null ? Position.ofFile(label) : new Position(label, mark.getLine() + 1, mark.getColumn() + 1);
    }

    /** SnakeYAML's limit messages are terse; say which limit and why it exists. */
    private String limitText(String message) {
        String m = message == null ? "" : message;
        if (m.contains("code points")) {
            return "document exceeds " + limits.maxBytes() + " characters";
        }
        if (m.contains("Nesting Depth")) {
            return "nesting deeper than " + limits.maxDepth() + " levels";
        }
        if (m.contains("aliases")) {
            return "more than " + limits.maxAliases() + " aliases to lists or maps";
        }
        return m;
    }

    private static String describe(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** Thrown out of the conversion when expanded aliases make the document too big or cyclic. */
    private static final class TooBig extends RuntimeException {
        final Span span;

        TooBig(Span span, String message) {
            super(message, null, false, false);
            this.span = span;
        }
    }

    /** SnakeYAML node graph → YNode tree, checking tags, keys and expansion size. */
    private final class Converter {
        private final String label;
        private final SubstitutedText source;
        private final Diagnostics diagnostics;
        private final Ends ends;
        /** Placeholders whose problem was reported: an alias repeats a value, not its report. */
        private final Set<SubstitutedText.Replacement> reported = new HashSet<>();
        private int nodes;

        Converter(String label, SubstitutedText source, Diagnostics diagnostics) {
            this.label = label;
            this.source = source;
            this.diagnostics = diagnostics;
            this.ends = new Ends(source.text());
        }

        private Position start(Mark mark) {
            return mark == null ? Position.ofFile(label) : source.writtenAt(label, mark.getLine(), mark.getColumn(), false);
        }

        private Span span(Node node) {
            Position start = start(node.getStartMark());
            Mark end = ends.of(node);
            if (end == null) {
                return Span.at(start);
            }
            Position last = source.writtenAt(label, end.getLine(), end.getColumn(), true);
            return new Span(start, last.line(), last.column());
        }

        /** Whether a placeholder was substituted into (or left in) this scalar's text. */
        private boolean substituted(ScalarNode s) {
            return !source.asWritten() && s != null && s.getStartMark() != null && s.getEndMark() != null
                    && !source.within(source.offset(s.getStartMark().getLine(), s.getStartMark().getColumn()),
                    source.offset(s.getEndMark().getLine(), s.getEndMark().getColumn())).isEmpty();
        }

        /**
         * The placeholders substituted into a scalar: each one's problem reported (once), the substituted text
         * recorded so that no message shows it; true when one has no value and was reported as an error.
         */
        private boolean placeholders(ScalarNode s, Span span, Object value) {
            if (source.asWritten() || s.getStartMark() == null || s.getEndMark() == null) {
                return false;
            }
            int from = source.offset(s.getStartMark().getLine(), s.getStartMark().getColumn());
            int to = source.offset(s.getEndMark().getLine(), s.getEndMark().getColumn());
            List<SubstitutedText.Replacement> in = source.within(from, to);
            if (in.isEmpty()) {
                return false;
            }
            boolean unresolved = false;
            boolean secret = false;
            for (SubstitutedText.Replacement r : in) {
                if (r.problem() != null && reported.add(r)) {
                    diagnostics.add(r.problem());
                }
                unresolved |= r.unresolved();
                secret |= r.secret();
            }
            String written = source.written().substring(source.writtenOffset(from, false),
                    source.writtenOffset(to, true)).strip();
            if (!s.isPlain() && written.length() >= 2 && (written.startsWith("\"") || written.startsWith("'"))) {
                written = written.substring(1, written.length() - 1);
            }
            diagnostics.redactions().addAt(span, s.getValue(), written, secret);
            diagnostics.redactions().addAt(span, String.valueOf(value), written, secret);
            return unresolved;
        }

        YNode convert(Node node, int depth) {
            if (++nodes > limits.maxExpandedNodes() || depth > limits.maxDepth()) {
                throw new TooBig(Span.at(start(node.getStartMark())), "document too large once aliases are "
                        + "expanded (more than " + limits.maxExpandedNodes() + " values or " + limits.maxDepth()
                        + " levels); aliases may not be used to build huge or recursive structures");
            }
            Span span = span(node);
            Tag tag = node.getTag();
            // The tag is the problem, not the value: the value is read on as written without it, so that later
            // stages judge what the file says (and never report a value it does not have).
            boolean refused = !ALLOWED_TAGS.contains(tag);
            if (refused) {
                diagnostics.error(Code.YAML_SYNTAX, span, "tag '" + tag.getValue() + "' is not allowed: topology files use plain "
                        + "YAML values only (remove the tag)");
            }
            if (node instanceof ScalarNode s) {
                checkLength(s, span);
                boolean plain = s.isPlain();
                Object value = refused ? untagged(s) : Tag.TIMESTAMP.equals(tag) ? s.getValue() : typedOrText(s, span);
                return new YNode.Scalar(value, s.getValue(), plain, span, placeholders(s, span, value));
            }
            if (node instanceof SequenceNode seq) {
                List<YNode> items = new ArrayList<>(seq.getValue().size());
                for (Node item : seq.getValue()) {
                    items.add(convert(item, depth + 1));
                }
                return new YNode.Seq(items, span);
            }
            MappingNode map = (MappingNode) node;
            List<YNode.Entry> entries = new ArrayList<>(map.getValue().size());
            HashMap<String, Span> seen = new HashMap<>();
            HashMap<String, ScalarNode> firstKeys = new HashMap<>();
            for (NodeTuple tuple : map.getValue()) {
                Node keyNode = tuple.getKeyNode();
                Span keySpan = span(keyNode);
                if (!(keyNode instanceof ScalarNode keyScalar) || !ALLOWED_TAGS.contains(keyNode.getTag())) {
                    diagnostics.error(Code.YAML_SYNTAX, keySpan, "map keys must be plain text");
                    continue;
                }
                checkLength(keyScalar, keySpan);
                placeholders(keyScalar, keySpan, keyScalar.getValue());
                String key = keyScalar.getValue();
                Span first = seen.putIfAbsent(key, keySpan);
                if (first != null && (substituted(keyScalar) || substituted(firstKeys.get(key)))) {
                    // Equal once substituted, not as written: the message says so, and names neither's value.
                    diagnostics.addRecoverable(Diagnostic.error(Code.DUPLICATE_KEY, keySpan, "key '" + key
                            + "' equals the key at line " + first.start().line() + " once placeholders are "
                            + "substituted; keys of a map must differ (this one is ignored)")
                            .withRelated(first, "the key it equals"));
                    continue;
                }
                firstKeys.putIfAbsent(key, keyScalar);
                if (first != null) {
                    // The first one is kept, so later stages still see a well-formed document.
                    diagnostics.addRecoverable(Diagnostic.error(Code.DUPLICATE_KEY, keySpan,
                            "duplicate key '" + key + "' (first at line " + first.start().line() + "): a key may "
                                    + "appear once in a map and only the first counts; remove one of them, or, if "
                                    + "this one belongs to another element, fix its indentation")
                            .withRelated(first, "first declared here"));
                    continue;
                }
                entries.add(new YNode.Entry(key, keySpan, convert(tuple.getValueNode(), depth + 1)));
            }
            return new YNode.Map(entries, span);
        }

        /**
         * Text and numbers no topology needs are refused before anything copies or parses them (a number's parse is
         * quadratic in its digits), and all text counts against the topology's budget, once per alias too.
         */
        private void checkLength(ScalarNode s, Span span) {
            int length = s.getValue().length();
            if (length > limits.maxScalarChars()) {
                throw new TooBig(span, "a value of " + length + " characters; values are limited to "
                        + limits.maxScalarChars() + " (is a whole file pasted in here?)");
            }
            boolean number = Tag.INT.equals(s.getTag()) || Tag.FLOAT.equals(s.getTag());
            if (number && length > limits.maxNumberChars()) {
                throw new TooBig(span, "a number of " + length + " characters; numbers are limited to "
                        + limits.maxNumberChars() + " (quote it if it is meant as text)");
            }
            if (!budget.chargeChars(length)) {
                throw new TooBig(span, budget.tooMuchText());
            }
        }

        private Object typedOrText(ScalarNode s, Span span) {
            try {
                return typer.typed(s);
            } catch (RuntimeException e) {
                // An explicit tag on text that is not of that type, e.g. "!!int abc": the tag is refused, the value
                // read as written (later stages judge it by what its key needs).
                diagnostics.error(Code.YAML_SYNTAX, span, "tag '!!" + s.getTag().getValue().replace(Tag.PREFIX, "")
                        + "' does not fit '" + s.getValue() + "' (remove the tag)");
                return untagged(s);
            }
        }

        /** The value as YAML types the scalar written without its tag. */
        private Object untagged(ScalarNode s) {
            return s.isPlain() ? typer.retype(s.getValue()) : s.getValue();
        }
    }

    /**
     * Where nodes end, as SnakeYAML's end marks say but without what follows the text: a block scalar's end mark
     * is past its trailing line breaks, and a block list's or map's is at the next token (after blank lines and
     * comments), so these end at their last item's end instead. Aliased nodes keep the marks of their anchor.
     */
    private static final class Ends {
        private final int[] text;
        /** Code point index of each line's start, lines counted as SnakeYAML counts them. */
        private final int[] lineStarts;
        private final Map<Node, Mark> blockEnds = new IdentityHashMap<>();

        // Loops over arrays, not streams: this runs once per character of the file in a short command's cold JVM.
        Ends(String yaml) {
            int[] codePoints = new int[yaml.length()];
            int count = 0;
            for (int i = 0; i < yaml.length(); count++) {
                int c = yaml.codePointAt(i);
                codePoints[count] = c;
                i += Character.charCount(c);
            }
            text = count == codePoints.length ? codePoints : Arrays.copyOf(codePoints, count);
            int[] starts = new int[64];
            int lines = 1;
            for (int i = 0; i < text.length; i++) {
                int c = text[i];
                boolean lone = c == '\r' && (i + 1 >= text.length || text[i + 1] != '\n');
                if (c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029' || lone) {
                    if (lines == starts.length) {
                        starts = Arrays.copyOf(starts, lines * 2);
                    }
                    starts[lines++] = i + 1;
                }
            }
            lineStarts = Arrays.copyOf(starts, lines);
        }

        /** The end of {@code node}'s text (excluded), or null when SnakeYAML gave no marks. */
        Mark of(Node node) {
            Mark start = node.getStartMark();
            Mark end = node.getEndMark();
            if (start == null || end == null) {
                return null;
            }
            if (node instanceof CollectionNode<?> collection && collection.getFlowStyle() == FlowStyle.BLOCK) {
                // Once per node, however often aliases repeat it; a node inside itself adds nothing to its end.
                Mark known = blockEnds.putIfAbsent(node, start);
                if (known != null) {
                    return known;
                }
                Mark last = start;
                for (Node child : children(node)) {
                    Mark childEnd = of(child);
                    if (childEnd != null && childEnd.getIndex() > last.getIndex()) {
                        last = childEnd;
                    }
                }
                blockEnds.put(node, last);
                return last;
            }
            int index = Math.min(end.getIndex(), text.length);
            while (index > start.getIndex() && Character.isWhitespace(text[index - 1])) {
                index--;
            }
            return index == end.getIndex() ? end : markAt(index);
        }

        private static List<Node> children(Node node) {
            if (node instanceof SequenceNode seq) {
                return seq.getValue();
            }
            List<Node> out = new ArrayList<>();
            for (NodeTuple tuple : ((MappingNode) node).getValue()) {
                out.add(tuple.getKeyNode());
                out.add(tuple.getValueNode());
            }
            return out;
        }

        private Mark markAt(int index) {
            int line = Arrays.binarySearch(lineStarts, index);
            line = line >= 0 ? line : -line - 2;
            return new Mark("", index, line, index - lineStarts[line], text, index);
        }
    }
}
