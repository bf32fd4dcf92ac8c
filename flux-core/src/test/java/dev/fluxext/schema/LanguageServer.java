package dev.fluxext.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A minimal LSP client for {@code yaml-language-server --stdio}: JSON-RPC framed with Content-Length headers,
 * requests matched to responses by id, published diagnostics queued per document, and the server's own requests
 * (workspace/configuration and friends) answered.
 */
final class LanguageServer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 30;

    private final Process process;
    private final OutputStream out;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final Map<String, BlockingQueue<JsonNode>> diagnostics = new ConcurrentHashMap<>();
    private final JsonNode settings;

    private LanguageServer(Process process, JsonNode settings) {
        this.process = process;
        this.out = process.getOutputStream();
        this.settings = settings;
        Thread reader = new Thread(this::readLoop, "yaml-language-server reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** The server executable on PATH, if installed. */
    static Optional<Path> find() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, "yaml-language-server");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Starts the server and initializes it with {@code settings} as the client's "yaml" configuration section. */
    static LanguageServer start(Path executable, Path workspace, ObjectNode yamlSettings) throws Exception {
        Process process = new ProcessBuilder(executable.toString(), "--stdio")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        LanguageServer server = new LanguageServer(process, yamlSettings);
        ObjectNode params = JSON.createObjectNode();
        params.put("processId", ProcessHandle.current().pid());
        params.put("rootUri", workspace.toUri().toString());
        ObjectNode capabilities = params.putObject("capabilities");
        capabilities.putObject("workspace").put("configuration", true);
        ObjectNode text = capabilities.putObject("textDocument");
        text.putObject("publishDiagnostics");
        text.putObject("hover").putArray("contentFormat").add("markdown").add("plaintext");
        text.putObject("completion").putObject("completionItem").put("snippetSupport", true);
        server.request("initialize", params);
        server.notify("initialized", JSON.createObjectNode());
        ObjectNode change = JSON.createObjectNode();
        change.putObject("settings").set("yaml", yamlSettings);
        server.notify("workspace/didChangeConfiguration", change);
        return server;
    }

    void open(String uri, String text) throws IOException {
        diagnostics.computeIfAbsent(uri, u -> new LinkedBlockingQueue<>());
        ObjectNode params = JSON.createObjectNode();
        ObjectNode doc = params.putObject("textDocument");
        doc.put("uri", uri).put("languageId", "yaml").put("version", 1).put("text", text);
        notify("textDocument/didOpen", params);
    }

    void close(String uri) throws IOException {
        ObjectNode params = JSON.createObjectNode();
        params.putObject("textDocument").put("uri", uri);
        notify("textDocument/didClose", params);
    }

    /** The next diagnostics the server publishes for {@code uri}. */
    JsonNode nextDiagnostics(String uri) throws InterruptedException {
        JsonNode d = diagnostics.computeIfAbsent(uri, u -> new LinkedBlockingQueue<>())
                .poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (d == null) {
            throw new IllegalStateException("no diagnostics for " + uri + " within " + TIMEOUT_SECONDS + " s");
        }
        return d;
    }

    JsonNode completion(String uri, int line, int character) throws Exception {
        return request("textDocument/completion", position(uri, line, character));
    }

    JsonNode hover(String uri, int line, int character) throws Exception {
        return request("textDocument/hover", position(uri, line, character));
    }

    private static ObjectNode position(String uri, int line, int character) {
        ObjectNode params = JSON.createObjectNode();
        params.putObject("textDocument").put("uri", uri);
        params.putObject("position").put("line", line).put("character", character);
        return params;
    }

    JsonNode request(String method, JsonNode params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        pending.put(id, response);
        ObjectNode message = JSON.createObjectNode();
        message.put("jsonrpc", "2.0").put("id", id).put("method", method).set("params", params);
        send(message);
        JsonNode reply = response.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (reply.has("error")) {
            throw new IllegalStateException(method + " failed: " + reply.get("error"));
        }
        return reply.path("result");
    }

    private void notify(String method, JsonNode params) throws IOException {
        ObjectNode message = JSON.createObjectNode();
        message.put("jsonrpc", "2.0").put("method", method).set("params", params);
        send(message);
    }

    private synchronized void send(JsonNode message) throws IOException {
        byte[] body = JSON.writeValueAsBytes(message);
        out.write(("Content-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private void readLoop() {
        try (InputStream in = process.getInputStream()) {
            while (true) {
                int length = -1;
                String header;
                while (!(header = readLine(in)).isEmpty()) {
                    if (header.toLowerCase().startsWith("content-length:")) {
                        length = Integer.parseInt(header.substring("content-length:".length()).trim());
                    }
                }
                if (length < 0) {
                    return;
                }
                dispatch(JSON.readTree(in.readNBytes(length)));
            }
        } catch (IOException | RuntimeException e) {
            pending.values().forEach(f -> f.completeExceptionally(e));
        }
    }

    private void dispatch(JsonNode message) throws IOException {
        if (message.has("id") && !message.has("method")) {
            CompletableFuture<JsonNode> f = pending.remove(message.get("id").asInt());
            if (f != null) {
                f.complete(message);
            }
        } else if (message.has("id")) { // a request from the server
            ObjectNode reply = JSON.createObjectNode();
            reply.put("jsonrpc", "2.0").set("id", message.get("id"));
            if (message.get("method").asText().equals("workspace/configuration")) {
                var result = reply.putArray("result");
                for (JsonNode item : message.path("params").path("items")) {
                    String section = item.path("section").asText("");
                    result.add(section.equals("yaml") ? settings
                            : section.startsWith("yaml.") ? settings.path(section.substring(5)) : JSON.nullNode());
                }
            } else {
                reply.putNull("result");
            }
            send(reply);
        } else if (message.path("method").asText().equals("textDocument/publishDiagnostics")) {
            JsonNode params = message.get("params");
            diagnostics.computeIfAbsent(params.get("uri").asText(), u -> new LinkedBlockingQueue<>())
                    .add(params.get("diagnostics"));
        }
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                line.write(c);
            }
        }
        if (c == -1 && line.size() == 0) {
            throw new IOException("yaml-language-server closed its output");
        }
        return line.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws Exception {
        try {
            request("shutdown", JSON.nullNode());
            notify("exit", JSON.nullNode());
            process.waitFor(5, TimeUnit.SECONDS);
        } finally {
            process.destroy();
        }
    }
}
