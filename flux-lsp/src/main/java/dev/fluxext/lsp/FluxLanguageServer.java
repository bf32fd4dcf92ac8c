package dev.fluxext.lsp;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Function;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CompletionOptions;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.RenameOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * The language server: {@code validate --static}'s diagnostics for each open topology file, and navigation, rename,
 * quick fixes, completion and hover over it. The editor may name more of the user's classes in its initialization
 * options ({@code {"classpath": "a.jar:classes"}}), after {@code --jar}/{@code --classpath}, and the properties file
 * for {@code ${key}} placeholders ({@code {"filter": "dev.properties"}}, instead of {@code --filter}).
 */
final class FluxLanguageServer implements LanguageServer, LanguageClientAware {

    private final TopologyDocuments documents;
    private final WorkspaceService workspace = new WorkspaceService() {
        @Override
        public void didChangeConfiguration(DidChangeConfigurationParams params) {
        }

        @Override
        public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        }
    };
    /** Makes the classes of a classpath setting visible to the checker thread; a message for the user on failure. */
    private final Function<String, String> useClasspath;
    private final ScheduledExecutorService checker;
    private final String version;
    private volatile LanguageClient client;
    private volatile TopologyCheck check;
    private volatile int exitCode = 1;
    private final CompletableFuture<Integer> exited = new CompletableFuture<>();

    FluxLanguageServer(ScheduledExecutorService checker, long debounceMillis, Map<String, String> environment,
                       Optional<Path> filter, Function<String, String> useClasspath, String version) {
        this.checker = checker;
        this.useClasspath = useClasspath;
        this.version = version;
        this.check = new TopologyCheck(environment, filter);
        this.documents = new TopologyDocuments(checker, debounceMillis, () -> check);
    }

    @Override
    public void connect(LanguageClient client) {
        this.client = client;
        documents.connect(client);
    }

    @Override
    public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
        String classpath = setting(params.getInitializationOptions(), "classpath");
        if (classpath != null) {
            // On the checker thread: the checks run there, and so must see these classes.
            String problem = CompletableFuture.supplyAsync(() -> useClasspath.apply(classpath), checker).join();
            if (problem != null && client != null) {
                client.showMessage(new MessageParams(MessageType.Error, problem));
            }
        }
        documents.indexClasses(); // after the classpath setting: completion of class names lists its classes too
        String filter = setting(params.getInitializationOptions(), "filter");
        if (filter != null) {
            check = check.withFilter(Path.of(filter));
        }
        ServerCapabilities capabilities = new ServerCapabilities();
        capabilities.setTextDocumentSync(TextDocumentSyncKind.Full);
        capabilities.setDefinitionProvider(true);
        capabilities.setReferencesProvider(true);
        capabilities.setRenameProvider(new RenameOptions(true));
        capabilities.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
        capabilities.setCompletionProvider(new CompletionOptions(false, List.of(":", " ", "[")));
        capabilities.setHoverProvider(true);
        return CompletableFuture.completedFuture(new InitializeResult(capabilities, new ServerInfo("flux", version)));
    }

    private static String setting(Object options, String name) {
        if (options instanceof JsonObject object) {
            JsonElement value = object.get(name);
            return value != null && value.isJsonPrimitive() ? value.getAsString() : null;
        }
        return null;
    }

    @Override
    public CompletableFuture<Object> shutdown() {
        exitCode = 0;
        return CompletableFuture.completedFuture(null);
    }

    /** The protocol's exit: the process ends with 0 after a shutdown request, 1 without (as the protocol says). */
    @Override
    public void exit() {
        checker.shutdownNow();
        exited.complete(exitCode);
    }

    /** Completes with the exit status when the editor has sent {@code exit}. */
    CompletableFuture<Integer> exited() {
        return exited;
    }

    @Override
    public TextDocumentService getTextDocumentService() {
        return documents;
    }

    @Override
    public WorkspaceService getWorkspaceService() {
        return workspace;
    }
}
