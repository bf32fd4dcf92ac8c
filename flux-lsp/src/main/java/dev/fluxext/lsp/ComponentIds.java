package dev.fluxext.lsp;

import dev.fluxext.diag.Diagnostics;
import dev.fluxext.model.Span;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where a file names component ids, from the reader's tree (positions as the loader reports them): each
 * {@code id:} of a spout, bolt or component, and each use of one (a stream's {@code from}/{@code to}, a
 * {@code ref}, a {@code reflist} item). The file as written: placeholders and includes are not resolved, as an edit
 * is to this file's text.
 */
final class ComponentIds {

    /** Which top-level list an id is declared in. */
    enum Section { spouts, bolts, components }

    /**
     * An id written at {@code span}; {@code section} is present for a declaration, empty for a use; a declaration's
     * {@code className} as written, if it has one, and where.
     */
    record Occurrence(String id, Span span, Optional<Section> section, Optional<String> className,
                      Optional<Span> classSpan) {
        boolean declaration() {
            return section.isPresent();
        }
    }

    private final List<Occurrence> occurrences;

    /** In file order: references and rename list them so. */
    private ComponentIds(List<Occurrence> occurrences) {
        this.occurrences = occurrences.stream().sorted(Comparator.comparingInt((Occurrence o) -> o.span().start().line())
            .thenComparingInt(o -> o.span().start().column())).toList();
    }

    /** The ids of {@code text}; none when it is not YAML the reader accepts (mid-edit). */
    static ComponentIds of(String text, String label) {
        List<Occurrence> found = new ArrayList<>();
        Optional<YNode> document = new YamlReader().readString(text, label, new Diagnostics());
        if (document.orElse(null) instanceof YNode.Map top) {
            for (Section section : Section.values()) {
                top.get(section.name()).ifPresent(list -> declarations(list, section, found));
            }
            top.get("streams").ifPresent(streams -> streamEnds(streams, found));
            references(top, found);
        }
        return new ComponentIds(found);
    }

    List<Occurrence> all() {
        return occurrences;
    }

    /** The occurrence whose text holds the 1-based {@code line}:{@code column} (its end included: the cursor after it). */
    Optional<Occurrence> at(int line, int column) {
        return occurrences.stream().filter(o -> contains(o.span(), line, column)).findFirst();
    }

    List<Occurrence> declarations(String id) {
        return occurrences.stream().filter(o -> o.declaration() && o.id().equals(id)).toList();
    }

    List<Occurrence> of(String id) {
        return occurrences.stream().filter(o -> o.id().equals(id)).toList();
    }

    /** The declared ids, each once, in file order: what completion offers. */
    List<Occurrence> declarations() {
        return occurrences.stream().filter(Occurrence::declaration).toList();
    }

    private static void declarations(YNode list, Section section, List<Occurrence> found) {
        if (list instanceof YNode.Seq seq) {
            for (YNode item : seq.items()) {
                if (item instanceof YNode.Map map) {
                    Optional<YNode.Scalar> className = map.get("className").filter(YNode.Scalar.class::isInstance)
                        .map(YNode.Scalar.class::cast);
                    if (map.get("id").orElse(null) instanceof YNode.Scalar scalar && scalar.value() instanceof String id) {
                        found.add(new Occurrence(id, scalar.span(), Optional.of(section),
                            className.map(YNode.Scalar::text), className.map(YNode.Scalar::span)));
                    }
                }
            }
        }
    }

    private static void streamEnds(YNode streams, List<Occurrence> found) {
        if (streams instanceof YNode.Seq seq) {
            for (YNode item : seq.items()) {
                if (item instanceof YNode.Map map) {
                    use(map.get("from"), found);
                    use(map.get("to"), found);
                }
            }
        }
    }

    /** Every {@code ref: id} and {@code reflist: [ids]}, at any depth (arguments, properties, config methods). */
    private static void references(YNode node, List<Occurrence> found) {
        if (node instanceof YNode.Map map) {
            for (YNode.Entry entry : map.entries()) {
                if (entry.key().equals("ref")) {
                    use(Optional.of(entry.value()), found);
                } else if (entry.key().equals("reflist") && entry.value() instanceof YNode.Seq list) {
                    list.items().forEach(item -> use(Optional.of(item), found));
                } else {
                    references(entry.value(), found);
                }
            }
        } else if (node instanceof YNode.Seq seq) {
            seq.items().forEach(item -> references(item, found));
        }
    }

    /** An id used (not declared) at {@code node}, when it is one. */
    private static void use(Optional<YNode> node, List<Occurrence> found) {
        if (node.orElse(null) instanceof YNode.Scalar scalar && scalar.value() instanceof String id) {
            found.add(new Occurrence(id, scalar.span(), Optional.empty(), Optional.empty(), Optional.empty()));
        }
    }

    /** The declaration whose {@code className:} value holds the 1-based {@code line}:{@code column}. */
    Optional<Occurrence> classAt(int line, int column) {
        return occurrences.stream().filter(o -> o.classSpan().filter(s -> contains(s, line, column)).isPresent())
            .findFirst();
    }

    static boolean contains(Span span, int line, int column) {
        boolean afterStart = line > span.start().line()
            || line == span.start().line() && column >= span.start().column();
        boolean beforeEnd = line < span.endLine() || line == span.endLine() && column <= span.endColumn();
        return afterStart && beforeEnd;
    }
}
