package dev.fluxext.lsp;

import dev.fluxext.cli.ExtraCommand;
import dev.fluxext.cli.UserClassOptions;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code flux lsp}: the language server, speaking LSP over stdin/stdout until the editor ends it. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
    description = {"A language server for topology files (LSP over stdin and stdout), for editors: every check of "
        + "validate --static as you type (nothing of the file is created or run), go to definition, find "
        + "references and rename of component ids (into included files too), quick fixes from the checks' "
        + "suggestions, completion of ids, keys and class names, and hover with the keys' documentation, a "
        + "component's class and constructor and a placeholder's value (docs/editors.md).",
        "The classes are checked against --jar, --classpath and FLUX_CLASSPATH, and the \"classpath\" of the "
        + "editor's initialization options. $${ENV-NAME} placeholders read the server's environment, $${key} "
        + "placeholders the --filter file."})
public final class LspCommand implements Callable<Integer>, ExtraCommand {

    @Mixin
    UserClassOptions classes;

    @Option(names = "--debounce", paramLabel = "MS", defaultValue = "150",
        description = "Check a file this long after the last change to it (default ${DEFAULT-VALUE} ms): typing "
            + "costs one check per pause, not one per key.")
    long debounceMillis;

    @Option(names = "--filter", paramLabel = "PROPS",
        description = "Properties file whose values replace $${key} placeholders (as validate --filter); the "
            + "editor's initialization option \"filter\" may name it instead.")
    Path filter;

    @Override
    public Integer call() throws Exception {
        // stdout carries the protocol alone: anything else printing there (a library's console logger) goes to stderr.
        OutputStream protocolOut = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
        ScheduledExecutorService checker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "flux-lsp-check");
            thread.setDaemon(true);
            return thread;
        });
        // The user's classes are installed on the thread that checks: its context class loader finds them.
        CompletableFuture.runAsync(() -> classes.install(null), checker).join();
        FluxLanguageServer server = new FluxLanguageServer(checker, debounceMillis, System.getenv(),
            Optional.ofNullable(filter), classpath -> useClasspath(classpath), LspCommand.class.getPackage().getImplementationVersion());
        Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, System.in, protocolOut);
        server.connect(launcher.getRemoteProxy());
        CompletableFuture<?> listening = CompletableFuture.runAsync(() -> {
            try {
                launcher.startListening().get();
            } catch (Exception e) {
                // The editor closed the connection: the end of the session either way.
            }
        });
        CompletableFuture.anyOf(listening, server.exited()).join();
        return server.exited().getNow(1);
    }

    /** The editor's classpath setting, after the command line's; the problem in words, or null. */
    private String useClasspath(String classpath) {
        try {
            classes.install(classpath);
            return null;
        } catch (RuntimeException e) {
            return "flux lsp: the classpath setting cannot be used: " + e.getMessage();
        }
    }
}
