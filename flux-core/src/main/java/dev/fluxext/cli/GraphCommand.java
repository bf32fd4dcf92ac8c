package dev.fluxext.cli;

import dev.fluxext.describe.TopologyGraph;
import dev.fluxext.describe.TopologyView;
import dev.fluxext.run.process.ExitCodes;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "graph", mixinStandardHelpOptions = true,
    description = {"Draw the topology's components and streams.",
        "Checks the file by signature as validate --static does: creates nothing, runs no code the file names.",
        "Classes whose jar is not given are drawn unchecked, named in one line (give --jar to check them too).",
        "Draws the file as written (its model), not the built topology: groupings by their YAML names, nothing a "
            + "component's code adds; 'flux show' prints what is submitted.",
        "dot and mermaid are text (Mermaid renders in GitHub/GitLab Markdown inside a ```mermaid block); "
            + "svg runs Graphviz's dot, which must be installed."})
final class GraphCommand implements Callable<Integer> {

    enum Format { dot, mermaid, svg }

    @ParentCommand
    FluxCli parent;

    @Mixin
    TopologyOptions topologyOptions;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "dot",
        description = "dot, mermaid or svg (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path output;

    @Mixin
    SecretsOption secrets;

    @Override
    public Integer call() throws IOException, InterruptedException {
        CliContext context = parent.context();
        // Look for dot first: a missing tool should not wait for a slow load to be reported.
        Optional<Path> dot = format == Format.svg ? findDot(context) : Optional.empty();
        if (format == Format.svg && dot.isEmpty()) {
            throw new CliException(ExitCodes.MISSING_TOOL, "flux: --format svg needs Graphviz's 'dot' on the PATH, "
                + "which was not found; install Graphviz (e.g. apt-get install graphviz, brew install graphviz) "
                + "or use --format dot or --format mermaid");
        }
        TopologyView view = topologyOptions.loadModelToDraw(context, secrets, "graph");
        if (view.source().isPresent()) {
            throw new CliException(ExitCodes.FAILURE, "flux: " + topologyOptions.file + ": the components come from "
                + view.source().get() + ", which only running that code can tell, and graph runs no user code; "
                + "'flux show' builds the topology and lists what Storm's topology object holds");
        }
        TopologyGraph graph = TopologyGraph.of(view);
        byte[] rendered = switch (format) {
            case dot -> graph.toDot().getBytes(StandardCharsets.UTF_8);
            case mermaid -> graph.toMermaid().getBytes(StandardCharsets.UTF_8);
            case svg -> svg(dot.get(), graph.toDot());
        };
        if (output != null) {
            Files.write(context.workingDir().resolve(output), rendered);
        } else {
            context.out().print(new String(rendered, StandardCharsets.UTF_8));
            context.out().flush();
        }
        return ExitCodes.OK;
    }

    private static Optional<Path> findDot(CliContext context) {
        String path = context.environment().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, "dot");
                if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    private static byte[] svg(Path dot, String source) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(dot.toString(), "-Tsvg").start();
        CompletableFuture<byte[]> stdout = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
        CompletableFuture<byte[]> stderr = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
        try (OutputStream in = process.getOutputStream()) {
            in.write(source.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // dot exited without reading its input; its status and stderr below say why.
        }
        int status = process.waitFor();
        if (status != 0) {
            throw new CliException(ExitCodes.FAILURE, "flux: " + dot + " -Tsvg failed (exit " + status + "): "
                + new String(stderr.join(), StandardCharsets.UTF_8).strip());
        }
        return stdout.join();
    }

    private static byte[] readAll(InputStream in) {
        try (in; ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
            in.transferTo(bytes);
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
