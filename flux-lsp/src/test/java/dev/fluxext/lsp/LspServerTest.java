package dev.fluxext.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.CompletionParams;
import org.eclipse.lsp4j.DefinitionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.ReferenceContext;
import org.eclipse.lsp4j.ReferenceParams;
import org.eclipse.lsp4j.RenameParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server through the protocol, in process: an LSP4J client and the server joined by pipes, every request and
 * notification serialized as JSON as an editor's would be (a diagnostic's data goes out and comes back as JSON).
 */
class LspServerTest {

    private static final String SPOUT = "org.apache.storm.testing.TestWordSpout";
    private static final String BOLT = "org.apache.storm.testing.TestWordCounter";

    @TempDir
    Path dir;

    private final BlockingQueue<PublishDiagnosticsParams> diagnostics = new LinkedBlockingQueue<>();
    private ScheduledExecutorService checker;
    private LanguageServer server;
    private List<Socket> sockets = List.of();

    @BeforeEach
    void start() throws Exception {
        start(Map.of("ENV_TOKEN_FOR_TEST", "s3cr3t-value", "PLAIN_VAR", "plain"), Optional.empty());
    }

    private void start(Map<String, String> environment, Optional<Path> filter) throws Exception {
        if (checker != null) {
            stop();
        }
        checker = Executors.newSingleThreadScheduledExecutor();
        FluxLanguageServer flux = new FluxLanguageServer(checker, 0, environment, filter, classpath -> null, "test");
        // Joined by a loopback socket (piped streams fail when a writing thread ends: LSP4J writes from several).
        Socket serverSocket;
        Socket clientSocket;
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            clientSocket = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
            serverSocket = listener.accept();
        }
        sockets = List.of(serverSocket, clientSocket);
        InputStream serverIn = serverSocket.getInputStream();
        OutputStream serverOut = serverSocket.getOutputStream();
        InputStream clientIn = clientSocket.getInputStream();
        OutputStream clientOut = clientSocket.getOutputStream();
        Launcher<LanguageClient> serverSide = LSPLauncher.createServerLauncher(flux, serverIn, serverOut);
        flux.connect(serverSide.getRemoteProxy());
        serverSide.startListening();
        Launcher<LanguageServer> clientSide = LSPLauncher.createClientLauncher(new Client(), clientIn, clientOut);
        clientSide.startListening();
        server = clientSide.getRemoteProxy();
        server.initialize(new InitializeParams()).get(30, TimeUnit.SECONDS);
    }

    @AfterEach
    void stop() throws IOException {
        checker.shutdownNow();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private final class Client implements LanguageClient {
        @Override
        public void telemetryEvent(Object object) {
        }

        @Override
        public void publishDiagnostics(PublishDiagnosticsParams params) {
            diagnostics.add(params);
        }

        @Override
        public void showMessage(MessageParams params) {
        }

        @Override
        public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams params) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void logMessage(MessageParams params) {
        }
    }

    private String open(Path file, String text) {
        String uri = file.toUri().toString();
        server.getTextDocumentService().didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "yaml", 1,
            text)));
        return uri;
    }

    private List<Diagnostic> diagnosticsOf(String uri) throws InterruptedException {
        for (long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60); System.nanoTime() < end;) {
            PublishDiagnosticsParams p = diagnostics.poll(1, TimeUnit.SECONDS);
            if (p != null && p.getUri().equals(uri)) {
                return p.getDiagnostics();
            }
        }
        throw new AssertionError("no diagnostics for " + uri);
    }

    private static String apply(String text, List<TextEdit> edits) {
        String out = text;
        List<TextEdit> fromTheEnd = edits.stream().sorted((a, b) -> Integer.compare(
            Texts.offset(text, b.getRange().getStart()), Texts.offset(text, a.getRange().getStart()))).toList();
        for (TextEdit edit : fromTheEnd) {
            int start = Texts.offset(out, edit.getRange().getStart());
            int end = Texts.offset(out, edit.getRange().getEnd());
            out = out.substring(0, start) + edit.getNewText() + out.substring(end);
        }
        return out;
    }

    private static String at(Range r) {
        return r.getStart().getLine() + ":" + r.getStart().getCharacter() + "-" + r.getEnd().getLine() + ":"
            + r.getEnd().getCharacter();
    }

    private List<CodeAction> fixes(String uri, List<Diagnostic> found) throws Exception {
        CodeActionParams params = new CodeActionParams(new TextDocumentIdentifier(uri),
            new Range(new Position(0, 0), new Position(0, 0)), new CodeActionContext(found));
        return server.getTextDocumentService().codeAction(params).get(30, TimeUnit.SECONDS).stream()
            .map(e -> e.getRight()).toList();
    }

    /**
     * Each "did you mean" of the checks comes as data on its diagnostic, and is the quick fix: a key, a Storm config
     * key, a class, an id, a grouping type, and a compression key moved one level down (the whole entry replaced).
     * Applied, they leave a clean file.
     */
    @Test
    void quickFixesComeFromTheChecksSuggestions() throws Exception {
        String text = "name: q\nconfig:\n  topology.workrs: 2\ncompression:\n  codec: zstd\n  level: 5\n"
            + "spouts:\n  - id: s\n    className: org.apache.storm.testing.TestWordSpot\n    paralellism: 2\n"
            + "bolts:\n  - id: b\n    className: \"" + BOLT + "\"\n"
            + "streams:\n  - from: s\n    to: \"bb\"\n    grouping:\n      type: SHUFLE\n";
        String uri = open(dir.resolve("q.yaml"), text);
        List<Diagnostic> found = diagnosticsOf(uri);
        assertTrue(found.stream().filter(d -> d.getMessage().getLeft().contains("did you mean"))
            .allMatch(d -> d.getData() instanceof JsonObject), found.toString());
        List<CodeAction> fixes = fixes(uri, found);
        // 'level' could go under each codec that has one: the codec in effect there first, and preferred.
        assertEquals(List.of("Change to 'topology.workers'", "Change to 'zstd: {level: 5}'",
            "Change to 'lz4: {level: 5}'", "Change to 'gzip: {level: 5}'",
            "Change to 'org.apache.storm.testing.TestWordSpout'", "Change to 'parallelism'", "Change to 'b'",
            "Change to 'SHUFFLE'"), fixes.stream().map(CodeAction::getTitle).toList());
        List<CodeAction> preferred = fixes.stream().filter(CodeAction::getIsPreferred).toList();
        assertEquals(6, preferred.size());
        String fixed = apply(text, preferred.stream().flatMap(f -> f.getEdit().getChanges().get(uri).stream())
            .toList());
        assertEquals(text.replace("workrs", "workers").replace("level: 5", "zstd: {level: 5}")
            .replace("TestWordSpot", "TestWordSpout").replace("paralellism", "parallelism")
            .replace("\"bb\"", "\"b\"").replace("SHUFLE", "SHUFFLE"), fixed);
        assertEquals(Map.of(uri, List.of()), new TopologyCheck(Map.of()).check(uri, fixed));

        // A client that sends the diagnostics back without their data gets the same fixes.
        List<Diagnostic> stripped = found.stream().map(d -> {
            Diagnostic copy = new Diagnostic(d.getRange(), d.getMessage().getLeft(), d.getSeverity(), d.getSource(),
                d.getCode().getLeft());
            return copy;
        }).toList();
        assertEquals(fixes.size(), fixes(uri, stripped).size());
    }

    /**
     * Columns are UTF-16 units in the protocol, code points in the loader: an emoji (two units, one code point) and
     * accented letters before the place keep the diagnostic, the jump and the rename on the id.
     */
    @Test
    void positionsAfterAnEmojiAreInUtf16Units() throws Exception {
        String text = "name: \"caf\u00e9 \uD83D\uDE00\"\nspouts:\n  - id: s\n    className: " + SPOUT + "\n"
            + "bolts:\n  - id: b\n    className: " + BOLT + "\n"
            + "streams:\n  - {from: s, to: \"\uD83D\uDE00\u00e9\", grouping: {type: SHUFFLE}} # \u00e9\n"
            + "  - {from: \"\uD83D\uDE00\", to: b, grouping: {type: SHUFFLE}}\n";
        String uri = open(dir.resolve("u.yaml"), text);
        List<Diagnostic> found = diagnosticsOf(uri);
        // to: "😀é" at line 8: the quoted scalar starts at UTF-16 column 18 and takes 5 units (quotes included).
        Diagnostic to = found.stream().filter(d -> d.getMessage().getLeft().contains("stream to unknown bolt"))
            .findFirst().orElseThrow();
        assertEquals("8:18-8:23", at(to.getRange()));
        Diagnostic from = found.stream().filter(d -> d.getMessage().getLeft().contains("stream from unknown"))
            .findFirst().orElseThrow();
        assertEquals("9:11-9:15", at(from.getRange()));
        assertEquals("\"\uD83D\uDE00\"", Texts.line(text, 9).substring(11, 15));

        // A jump from `to: b` on a line with an emoji before it, and a rename there.
        String moved = text.replace("  - {from: \"\uD83D\uDE00\", to: b,", "  - {from: \"\uD83D\uDE00\", to: b ,");
        String uri2 = open(dir.resolve("u2.yaml"), moved);
        diagnosticsOf(uri2);
        Position onB = new Position(9, Texts.line(moved, 9).indexOf("to: b") + 4);
        List<? extends Location> definition = server.getTextDocumentService().definition(new DefinitionParams(
            new TextDocumentIdentifier(uri2), onB)).get(30, TimeUnit.SECONDS).getLeft();
        assertEquals("5:8-5:9", at(definition.get(0).getRange()));
        WorkspaceEdit rename = server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri2),
            onB, "counter")).get(30, TimeUnit.SECONDS);
        assertEquals(moved.replace("id: b\n", "id: counter\n").replace("to: b ,", "to: counter ,"),
            apply(moved, rename.getChanges().get(uri2)));

        Ranges ranges = Ranges.of("a: \uD83D\uDE00x\n");
        assertEquals(5, ranges.column(new Position(0, 5))); // x: the 5th code point, at UTF-16 unit 5
        assertEquals("0:5-0:6", at(ranges.range(new dev.fluxext.model.Span(
            new dev.fluxext.model.Position("f", 1, 5), 1, 6))));
    }

    /** From a `to:` in the main file to the bolt an included file declares; references there too; the include's file. */
    @Test
    void navigationReachesIdsOfIncludedFiles() throws Exception {
        Path shared = Files.writeString(dir.resolve("shared.yaml"), "bolts:\n  - id: count\n    className: " + BOLT
            + "\n");
        String text = "name: main\nincludes:\n  - resource: false\n    file: \"" + shared + "\"\n"
            + "spouts:\n  - id: s\n    className: " + SPOUT + "\n"
            + "streams:\n  - from: s\n    to: count\n    grouping:\n      type: SHUFFLE\n";
        String uri = open(dir.resolve("main.yaml"), text);
        assertEquals(List.of(), diagnosticsOf(uri));
        String sharedUri = shared.toUri().toString();
        List<? extends Location> definition = server.getTextDocumentService().definition(new DefinitionParams(
            new TextDocumentIdentifier(uri), new Position(9, 10))).get(30, TimeUnit.SECONDS).getLeft();
        assertEquals(List.of(new Location(sharedUri, new Range(new Position(1, 8), new Position(1, 13)))),
            definition);
        List<? extends Location> references = server.getTextDocumentService().references(new ReferenceParams(
            new TextDocumentIdentifier(uri), new Position(9, 10), new ReferenceContext(true))).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(uri + " 9:8-9:13", sharedUri + " 1:8-1:13"), references.stream()
            .map(l -> l.getUri() + " " + at(l.getRange())).toList());
        List<? extends Location> file = server.getTextDocumentService().definition(new DefinitionParams(
            new TextDocumentIdentifier(uri), new Position(3, 15))).get(30, TimeUnit.SECONDS).getLeft();
        assertEquals(List.of(sharedUri), file.stream().map(Location::getUri).toList());
        // Renamed in both files.
        WorkspaceEdit rename = server.getTextDocumentService().rename(new RenameParams(new TextDocumentIdentifier(uri),
            new Position(9, 10), "counter")).get(30, TimeUnit.SECONDS);
        assertEquals(List.of(uri, sharedUri), List.copyOf(rename.getChanges().keySet()));
    }

    private String hover(String uri, int line, int character) throws Exception {
        var hover = server.getTextDocumentService().hover(new HoverParams(new TextDocumentIdentifier(uri),
            new Position(line, character))).get(30, TimeUnit.SECONDS);
        return hover == null ? "" : hover.getContents().getRight().getValue();
    }

    /** A component's resolved class and the constructor its arguments select; nothing of it is created. */
    @Test
    void hoverShowsTheClassAndTheConstructorTheArgumentsSelect() throws Exception {
        String text = "name: h\ncomponents:\n  - id: fields\n    className: org.apache.storm.tuple.Fields\n"
            + "    constructorArgs:\n      - [\"word\"]\n"
            + "spouts:\n  - id: s\n    className: " + SPOUT + "\n"
            + "bolts:\n  - id: b\n    className: org.apache.storm.testing.TestGlobalCount\n"
            + "  - id: missing\n    className: com.example.Nope\n"
            + "streams:\n  - from: s\n    to: b\n    grouping:\n      type: SHUFFLE\n";
        String uri = open(dir.resolve("h.yaml"), text);
        diagnosticsOf(uri);
        String fields = hover(uri, 2, 10);
        assertTrue(fields.contains("Class `org.apache.storm.tuple.Fields`"), fields);
        assertTrue(fields.contains("Constructor: `Fields(List)`"), fields);
        String onClass = hover(uri, 8, 20);
        assertTrue(onClass.contains("Constructor: `TestWordSpout()`") && onClass.contains("extends `BaseRichSpout`"),
            onClass);
        assertTrue(hover(uri, 16, 9).contains("Class `org.apache.storm.testing.TestGlobalCount`"));
        assertTrue(hover(uri, 12, 10).contains("not found on the server's classpath"));
    }

    /** A placeholder's value and its source; secrets (the environment's, a property named like one) masked. */
    @Test
    void hoverShowsAPlaceholdersValueAndMasksSecrets() throws Exception {
        Path properties = Files.writeString(dir.resolve("dev.properties"), "workers=3\ndb.password=hunter22\n");
        start(Map.of("ENV_TOKEN_FOR_TEST", "s3cr3t-value"), Optional.of(properties));
        String text = "name: p\nconfig:\n  topology.workers: ${workers}\n  db.url: \"${db.password}\"\n"
            + "  my.token: ${ENV-ENV_TOKEN_FOR_TEST}\n  other: ${unset}\n";
        String uri = open(dir.resolve("p.yaml"), text);
        diagnosticsOf(uri);
        String workers = hover(uri, 2, 24);
        assertTrue(workers.contains("`${workers}` = `3`") && workers.contains(properties.toString()), workers);
        String password = hover(uri, 3, 15);
        assertTrue(password.contains("hidden") && !password.contains("hunter22"), password);
        String token = hover(uri, 4, 16);
        assertTrue(token.contains("hidden") && token.contains("environment") && !token.contains("s3cr3t"), token);
        assertTrue(hover(uri, 5, 12).contains("**not set**"));
    }

    private CompletionList complete(String uri, int line, int character) throws Exception {
        return server.getTextDocumentService().completion(new CompletionParams(new TextDocumentIdentifier(uri),
            new Position(line, character))).get(60, TimeUnit.SECONDS).getRight();
    }

    /** Class names from the classpath after className:, by package prefix or by simple name. */
    @Test
    void classNamesAreCompletedFromTheClasspath() throws Exception {
        String text = "spouts:\n  - id: s\n    className: org.apache.storm.testing.TestWordSp\n"
            + "bolts:\n  - id: b\n    className: \"TestWordCou\n";
        String uri = open(dir.resolve("c.yaml"), text);
        CompletionList byPackage = complete(uri, 2, Texts.line(text, 2).length());
        List<String> names = byPackage.getItems().stream().map(CompletionItem::getDetail).toList();
        assertTrue(names.contains(SPOUT), names.toString());
        CompletionItem spout = byPackage.getItems().stream().filter(i -> i.getDetail().equals(SPOUT)).findFirst()
            .orElseThrow();
        assertEquals(new TextEdit(new Range(new Position(2, 15), new Position(2, 50)), SPOUT),
            spout.getTextEdit().getLeft());
        CompletionList bySimpleName = complete(uri, 5, Texts.line(text, 5).length());
        assertTrue(bySimpleName.getItems().stream().anyMatch(i -> i.getDetail().equals(BOLT)
            && i.getTextEdit().getLeft().getRange().getStart().getCharacter() == 16), bySimpleName.toString());
        // Interfaces are not offered: TestWordCounter's listing holds no interface of that prefix, IRichBolt is one.
        assertFalse(complete(uri, 5, 16).getItems().stream().anyMatch(i -> i.getDetail().equals(
            "org.apache.storm.topology.IRichBolt")));
    }
}
