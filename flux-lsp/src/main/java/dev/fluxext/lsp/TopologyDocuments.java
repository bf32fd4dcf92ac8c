package dev.fluxext.lsp;

import dev.fluxext.lsp.ComponentIds.Occurrence;
import dev.fluxext.load.LoadResult;
import dev.fluxext.model.TopologyDef;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.LocationLink;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PrepareRenameDefaultBehavior;
import org.eclipse.lsp4j.PrepareRenameParams;
import org.eclipse.lsp4j.PrepareRenameResult;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentPositionParams;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.jsonrpc.messages.Either3;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.TextDocumentService;

/**
 * The open topology files: their text as the editor holds it (full sync), checked a moment after the last change
 * (debounced: typing a word costs one check, not one a key), and navigation over their component ids, into the
 * files they include. Positions go through {@link Ranges}: the protocol's UTF-16 columns, the loader's code points.
 */
final class TopologyDocuments implements TextDocumentService {

    /** One open file: its text and version, its ids and places read from that text when first asked for. */
    private static final class Document {
        final String text;
        final int version;
        private ComponentIds ids;
        private Ranges ranges;
        /** The last check's result for this version (its model serves hover). */
        volatile LoadResult result;

        Document(String text, int version) {
            this.text = text;
            this.version = version;
        }

        synchronized ComponentIds ids(String uri) {
            if (ids == null) {
                ids = ComponentIds.of(text, TopologyCheck.label(uri));
            }
            return ids;
        }

        synchronized Ranges ranges() {
            if (ranges == null) {
                ranges = Ranges.of(text);
            }
            return ranges;
        }
    }

    /** A file whose ids navigation looks at: an open document, or an included file as it is on disk. */
    private record FileIds(String uri, String text, ComponentIds ids, Ranges ranges) {
        Location location(Occurrence o) {
            return new Location(uri, ranges.range(o.span()));
        }
    }

    private final Map<String, Document> open = new ConcurrentHashMap<>();
    private final Map<String, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();
    /** Other files (includes) that have diagnostics from a check of this one: cleared when it no longer does. */
    private final Map<String, Set<String>> publishedElsewhere = new ConcurrentHashMap<>();
    /** The diagnostics last published per file, for a client that sends them back without their data. */
    private final Map<String, List<org.eclipse.lsp4j.Diagnostic>> published = new ConcurrentHashMap<>();
    private final ScheduledExecutorService checker;
    private final long debounceMillis;
    private final Supplier<TopologyCheck> check;
    private volatile CompletableFuture<ClassIndex> classes;
    private volatile LanguageClient client;

    /**
     * @param checker runs the checks, one at a time, in the thread whose context class loader sees the user's classes
     * @param check   the check to run (it changes when the editor's settings name another classpath)
     */
    TopologyDocuments(ScheduledExecutorService checker, long debounceMillis, Supplier<TopologyCheck> check) {
        this.checker = checker;
        this.debounceMillis = debounceMillis;
        this.check = check;
    }

    void connect(LanguageClient client) {
        this.client = client;
    }

    /** Lists the classpath's classes anew (after the editor's settings changed it), in the background. */
    void indexClasses() {
        classes = CompletableFuture.supplyAsync(() -> new ClassIndex(Thread.currentThread().getContextClassLoader()),
            checker);
    }

    @Override
    public void didOpen(DidOpenTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        open.put(uri, new Document(params.getTextDocument().getText(), params.getTextDocument().getVersion()));
        schedule(uri, 0);
    }

    @Override
    public void didChange(DidChangeTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
        if (changes.isEmpty()) {
            return;
        }
        // Full sync (the capability the server announces): the last change is the whole text.
        open.put(uri, new Document(changes.get(changes.size() - 1).getText(), params.getTextDocument().getVersion()));
        schedule(uri, debounceMillis);
    }

    @Override
    public void didClose(DidCloseTextDocumentParams params) {
        String uri = params.getTextDocument().getUri();
        open.remove(uri);
        Optional.ofNullable(pending.remove(uri)).ifPresent(f -> f.cancel(false));
        publish(uri, List.of(), null);
        Optional.ofNullable(publishedElsewhere.remove(uri)).ifPresent(files -> files.forEach(f -> publish(f, List.of(), null)));
    }

    @Override
    public void didSave(DidSaveTextDocumentParams params) {
        // Included files may have changed on disk: check again.
        open.keySet().forEach(uri -> schedule(uri, 0));
    }

    /** Checks the file after {@code delayMillis}, replacing a check not yet started. */
    void schedule(String uri, long delayMillis) {
        ScheduledFuture<?> next = checker.schedule(() -> checkNow(uri), delayMillis, TimeUnit.MILLISECONDS);
        Optional.ofNullable(pending.put(uri, next)).ifPresent(previous -> previous.cancel(false));
    }

    private void checkNow(String uri) {
        Document document = open.get(uri);
        if (document == null) {
            return;
        }
        LoadResult result = check.get().load(uri, document.text);
        Map<String, List<org.eclipse.lsp4j.Diagnostic>> byFile = TopologyCheck.diagnostics(uri, document.text, result);
        Document now = open.get(uri);
        if (now == null || now.version != document.version) {
            return; // edited meanwhile: the check of the newer text is scheduled
        }
        document.result = result;
        byFile.forEach((file, diagnostics) -> publish(file, diagnostics, file.equals(uri) ? document.version : null));
        Set<String> elsewhere = new HashSet<>(byFile.keySet());
        elsewhere.remove(uri);
        Set<String> before = publishedElsewhere.put(uri, elsewhere);
        if (before != null) {
            before.stream().filter(f -> !elsewhere.contains(f)).forEach(f -> publish(f, List.of(), null));
        }
    }

    private void publish(String uri, List<org.eclipse.lsp4j.Diagnostic> diagnostics, Integer version) {
        published.put(uri, diagnostics);
        LanguageClient c = client;
        if (c != null) {
            c.publishDiagnostics(new PublishDiagnosticsParams(uri, diagnostics, version));
        }
    }

    /**
     * From an id to its declaration: in this file, else in the files it includes; from an include's {@code file:}
     * to that file.
     */
    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(
            DefinitionParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            Optional<Occurrence> at = occurrenceAt(params);
            if (at.isEmpty()) {
                return Either.forLeft(included(params));
            }
            List<FileIds> files = scope(uri);
            List<Location> here = files.get(0).ids().declarations(at.get().id()).stream()
                .map(files.get(0)::location).toList();
            List<Location> found = !here.isEmpty() ? here : files.stream().skip(1)
                .flatMap(f -> f.ids().declarations(at.get().id()).stream().map(f::location)).toList();
            return Either.forLeft(found);
        });
    }

    /** Every declaration and use of the id under the cursor: in this file, the files it includes, and the open files that include it. */
    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            boolean withDeclaration = params.getContext() == null || params.getContext().isIncludeDeclaration();
            return occurrenceAt(params).map(o -> scope(uri).stream().flatMap(f -> f.ids().of(o.id()).stream()
                .filter(each -> withDeclaration || !each.declaration()).map(f::location)).toList()).orElse(List.of());
        });
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(
            PrepareRenameParams params) {
        return CompletableFuture.supplyAsync(() -> occurrenceAt(params)
            .map(o -> Either3.<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>forSecond(
                new PrepareRenameResult(Texts.unquoted(text(params), document(params).ranges().range(o.span())),
                    o.id())))
            .orElse(null));
    }

    /**
     * Every declaration and use of the id under the cursor written as the new name: in this file, and in the files
     * it includes and the open files that include it (where references finds them).
     */
    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            return occurrenceAt(params).map(o -> {
                Map<String, List<TextEdit>> changes = new LinkedHashMap<>();
                for (FileIds f : scope(uri)) {
                    List<TextEdit> edits = f.ids().of(o.id()).stream()
                        .map(each -> new TextEdit(Texts.unquoted(f.text(), f.ranges().range(each.span())),
                            params.getNewName())).toList();
                    if (!edits.isEmpty()) {
                        changes.put(f.uri(), edits);
                    }
                }
                return new WorkspaceEdit(changes);
            }).orElse(null);
        });
    }

    @Override
    public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            Document document = open.get(uri);
            if (document == null) {
                return List.of();
            }
            List<Either<Command, CodeAction>> actions = new ArrayList<>();
            QuickFixes.of(uri, document.text, params.getContext().getDiagnostics(),
                    published.getOrDefault(uri, List.of()))
                .forEach(a -> actions.add(Either.forRight(a)));
            return actions;
        });
    }

    @Override
    public CompletableFuture<Either<List<CompletionItem>, CompletionList>> completion(CompletionParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            Document document = open.get(uri);
            if (document == null) {
                return Either.forLeft(List.of());
            }
            if (classes == null) {
                indexClasses();
            }
            return Either.forRight(Completions.at(document.text, params.getPosition(), () -> ids(uri),
                classes.join()));
        });
    }

    /**
     * Over an id: what it names (kind, class, line) and, from the model and the classpath, its resolved class and the
     * constructor its arguments select; over a class name the same; over a {@code ${...}} placeholder its value and
     * source; over a key its documentation. On the checker thread: it sees the user's classes.
     */
    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            Document document = open.get(uri);
            if (document == null) {
                return null;
            }
            Position position = params.getPosition();
            Optional<String> placeholder = PlaceholderHover.at(Texts.line(document.text, position.getLine()),
                position.getCharacter(), check.get().filter(), check.get().environment());
            if (placeholder.isPresent()) {
                return markdown(placeholder.get());
            }
            Ranges ranges = document.ranges();
            int line = ranges.line(position);
            int column = ranges.column(position);
            Optional<Occurrence> at = ids(uri).at(line, column).or(() -> ids(uri).classAt(line, column));
            if (at.isPresent()) {
                String id = at.get().id();
                List<Occurrence> declarations = scope(uri).stream().flatMap(f -> f.ids().declarations(id).stream())
                    .toList();
                String text = idText(declarations, id);
                Optional<String> resolved = model(uri, document).flatMap(m -> ComponentHover.of(m).describe(id));
                return markdown(resolved.map(r -> text + "\n\n" + r).orElse(text));
            }
            return KeyDocs.hover(document.text, line, column).orElse(null);
        }, checker);
    }

    private Optional<TopologyDef> model(String uri, Document document) {
        LoadResult result = document.result;
        if (result == null) {
            result = check.get().load(uri, document.text);
            document.result = result;
        }
        return result.model();
    }

    private static Hover markdown(String text) {
        return new Hover(new MarkupContent(MarkupKind.MARKDOWN, text));
    }

    private static String idText(List<Occurrence> declarations, String id) {
        return declarations.isEmpty() ? "`" + id + "`: no spout, bolt or component has this id"
            : String.join("\n\n", declarations.stream().map(d -> {
                String kind = d.section().orElseThrow().name();
                return "**" + kind.substring(0, kind.length() - 1) + "** `" + id + "`"
                    + d.className().map(c -> ": `" + c + "`").orElse("") + " (line " + d.span().start().line() + ")";
            }).toList());
    }

    /** The file an {@code includes:} entry's {@code file:} under the cursor names, at its start. */
    private List<Location> included(TextDocumentPositionParams params) {
        String uri = params.getTextDocument().getUri();
        Document document = document(params);
        int line = document.ranges().line(params.getPosition());
        int column = document.ranges().column(params.getPosition());
        return IncludedFiles.of(document.text, Path.of(TopologyCheck.label(uri)), Path.of("")).stream()
            .filter(i -> ComponentIds.contains(i.span(), line, column))
            .map(i -> new Location(i.target().toUri().toString(), new Range(new Position(0, 0), new Position(0, 0))))
            .toList();
    }

    /**
     * The files whose ids belong with {@code uri}'s: itself first, then the files it includes (transitively, as found
     * on disk or open in the editor), then the open files that include it.
     */
    private List<FileIds> scope(String uri) {
        Map<String, FileIds> files = new LinkedHashMap<>();
        files.put(uri, fileIds(uri));
        includes(uri, files);
        for (Map.Entry<String, Document> other : open.entrySet()) {
            if (!files.containsKey(other.getKey()) && includedTargets(other.getKey(), other.getValue().text)
                .contains(uri)) {
                files.put(other.getKey(), fileIds(other.getKey()));
            }
        }
        return List.copyOf(files.values());
    }

    private void includes(String uri, Map<String, FileIds> files) {
        for (String target : includedTargets(uri, files.get(uri).text())) {
            if (!files.containsKey(target) && files.size() < 64) {
                files.put(target, fileIds(target));
                includes(target, files);
            }
        }
    }

    private static List<String> includedTargets(String uri, String text) {
        if (!text.contains("includes")) {
            return List.of();
        }
        return IncludedFiles.of(text, Path.of(TopologyCheck.label(uri)), Path.of("")).stream()
            .map(i -> i.target().toUri().toString()).toList();
    }

    private FileIds fileIds(String uri) {
        Document document = open.get(uri);
        if (document != null) {
            return new FileIds(uri, document.text, document.ids(uri), document.ranges());
        }
        // Files not open in the editor are included files, named by file: URIs.
        String text = uri.startsWith("file:") ? Texts.ofFile(Path.of(URI.create(uri))) : "";
        return new FileIds(uri, text, ComponentIds.of(text, TopologyCheck.label(uri)), Ranges.of(text));
    }

    private Optional<Occurrence> occurrenceAt(TextDocumentPositionParams params) {
        String uri = params.getTextDocument().getUri();
        Document document = open.get(uri);
        if (document == null) {
            return Optional.empty();
        }
        return ids(uri).at(document.ranges().line(params.getPosition()),
            document.ranges().column(params.getPosition()));
    }

    private ComponentIds ids(String uri) {
        Document document = open.get(uri);
        return document == null ? ComponentIds.of("", TopologyCheck.label(uri)) : document.ids(uri);
    }

    private Document document(TextDocumentPositionParams params) {
        Document document = open.get(params.getTextDocument().getUri());
        return document == null ? new Document("", 0) : document;
    }

    private String text(TextDocumentPositionParams params) {
        return document(params).text;
    }
}
