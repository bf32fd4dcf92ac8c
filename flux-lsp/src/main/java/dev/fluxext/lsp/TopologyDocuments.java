package dev.fluxext.lsp;

import dev.fluxext.lsp.ComponentIds.Occurrence;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
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
 * (debounced: typing a word costs one check, not one a key), and navigation over their component ids.
 */
final class TopologyDocuments implements TextDocumentService {

    /** One open file: its text and version, and its ids read from that text when first asked for. */
    private static final class Document {
        final String text;
        final int version;
        private ComponentIds ids;

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
    }

    private final Map<String, Document> open = new ConcurrentHashMap<>();
    private final Map<String, ScheduledFuture<?>> pending = new ConcurrentHashMap<>();
    /** Other files (includes) that have diagnostics from a check of this one: cleared when it no longer does. */
    private final Map<String, Set<String>> publishedElsewhere = new ConcurrentHashMap<>();
    private final ScheduledExecutorService checker;
    private final long debounceMillis;
    private final Supplier<TopologyCheck> check;
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
        Map<String, List<org.eclipse.lsp4j.Diagnostic>> byFile = check.get().check(uri, document.text);
        Document now = open.get(uri);
        if (now == null || now.version != document.version) {
            return; // edited meanwhile: the check of the newer text is scheduled
        }
        byFile.forEach((file, diagnostics) -> publish(file, diagnostics, file.equals(uri) ? document.version : null));
        Set<String> elsewhere = new HashSet<>(byFile.keySet());
        elsewhere.remove(uri);
        Set<String> before = publishedElsewhere.put(uri, elsewhere);
        if (before != null) {
            before.stream().filter(f -> !elsewhere.contains(f)).forEach(f -> publish(f, List.of(), null));
        }
    }

    private void publish(String uri, List<org.eclipse.lsp4j.Diagnostic> diagnostics, Integer version) {
        LanguageClient c = client;
        if (c != null) {
            c.publishDiagnostics(new PublishDiagnosticsParams(uri, diagnostics, version));
        }
    }

    @Override
    public CompletableFuture<Either<List<? extends Location>, List<? extends LocationLink>>> definition(
            DefinitionParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            List<Location> found = occurrenceAt(params).map(o -> ids(uri).declarations(o.id()).stream()
                .map(d -> new Location(uri, Ranges.of(d.span()))).toList()).orElseGet(() -> included(params));
            return Either.forLeft(found);
        });
    }

    @Override
    public CompletableFuture<List<? extends Location>> references(ReferenceParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            boolean withDeclaration = params.getContext() == null || params.getContext().isIncludeDeclaration();
            return occurrenceAt(params).map(o -> ids(uri).of(o.id()).stream()
                .filter(each -> withDeclaration || !each.declaration())
                .map(each -> new Location(uri, Ranges.of(each.span()))).toList()).orElse(List.of());
        });
    }

    @Override
    public CompletableFuture<Either3<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>> prepareRename(
            PrepareRenameParams params) {
        return CompletableFuture.supplyAsync(() -> occurrenceAt(params)
            .map(o -> Either3.<Range, PrepareRenameResult, PrepareRenameDefaultBehavior>forSecond(
                new PrepareRenameResult(Texts.unquoted(text(params), Ranges.of(o.span())), o.id())))
            .orElse(null));
    }

    /** Every declaration and use of the id under the cursor, in this file, written as the new name. */
    @Override
    public CompletableFuture<WorkspaceEdit> rename(RenameParams params) {
        return CompletableFuture.supplyAsync(() -> {
            String uri = params.getTextDocument().getUri();
            String text = text(params);
            return occurrenceAt(params).map(o -> {
                List<TextEdit> edits = ids(uri).of(o.id()).stream()
                    .map(each -> new TextEdit(Texts.unquoted(text, Ranges.of(each.span())), params.getNewName()))
                    .toList();
                return new WorkspaceEdit(Map.of(uri, edits));
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
            QuickFixes.of(uri, document.text, params.getContext().getDiagnostics())
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
            return Either.forLeft(Completions.at(document.text, params.getPosition(), () -> ids(uri)));
        });
    }

    /** Over an id: what it names (kind, class, line); over a key: its documentation. */
    @Override
    public CompletableFuture<Hover> hover(HoverParams params) {
        return CompletableFuture.supplyAsync(() -> {
            Document document = open.get(params.getTextDocument().getUri());
            if (document == null) {
                return null;
            }
            String uri = params.getTextDocument().getUri();
            return occurrenceAt(params).map(o -> idHover(ids(uri).declarations(o.id()), o.id()))
                .or(() -> KeyDocs.hover(document.text, params.getPosition())).orElse(null);
        });
    }

    private static Hover idHover(List<Occurrence> declarations, String id) {
        String text = declarations.isEmpty() ? "`" + id + "`: no spout, bolt or component has this id"
            : String.join("\n\n", declarations.stream().map(d -> {
                String kind = d.section().orElseThrow().name();
                return "**" + kind.substring(0, kind.length() - 1) + "** `" + id + "`"
                    + d.className().map(c -> ": `" + c + "`").orElse("") + " (line " + d.span().start().line() + ")";
            }).toList());
        return new Hover(new MarkupContent(MarkupKind.MARKDOWN, text));
    }

    /** The file an {@code includes:} entry's {@code file:} under the cursor names, at its start. */
    private List<Location> included(TextDocumentPositionParams params) {
        String uri = params.getTextDocument().getUri();
        int line = Ranges.line(params.getPosition());
        int column = Ranges.column(params.getPosition());
        return IncludedFiles.of(text(params), Path.of(TopologyCheck.label(uri)), Path.of("")).stream()
            .filter(i -> ComponentIds.contains(i.span(), line, column))
            .map(i -> new Location(i.target().toUri().toString(), new Range(new Position(0, 0), new Position(0, 0))))
            .toList();
    }

    private Optional<Occurrence> occurrenceAt(TextDocumentPositionParams params) {
        String uri = params.getTextDocument().getUri();
        if (!open.containsKey(uri)) {
            return Optional.empty();
        }
        return ids(uri).at(Ranges.line(params.getPosition()), Ranges.column(params.getPosition()));
    }

    private ComponentIds ids(String uri) {
        Document document = open.get(uri);
        return document == null ? ComponentIds.of("", TopologyCheck.label(uri)) : document.ids(uri);
    }

    private String text(TextDocumentPositionParams params) {
        Document document = open.get(params.getTextDocument().getUri());
        return document == null ? "" : document.text;
    }
}
