package dev.fluxext.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every relative link and {@code #anchor} of the clone's READMEs and {@code docs/} resolves ({@link MarkdownLinks};
 * {@code DistributionIT} runs the same check over the unpacked distribution), and the checker finds what it must.
 */
class DocLinksTest {

    @Test
    void everyRelativeLinkAndAnchorOfTheClonesDocsResolves() throws IOException {
        Path root = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
        assertTrue(Files.isDirectory(root.resolve("docs")), "no docs/ in " + root);
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md"), root.resolve("examples/README.md"),
                root.resolve("editors/vscode/README.md")));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new MarkdownLinks(root, "the repository").broken(pages);
        assertEquals("", String.join("\n", broken),
                broken.size() + " broken link(s) (FILE:LINE: target: why); fix the link or the heading it names");
    }

    @Test
    void slugsFollowGitHubsRules() {
        assertEquals(List.of("batch-compression-the-transport", "flux-submit---local-file", "the-guards-cost",
                        "what---static-guarantees", "why-not-storms-own-topologytuplecompression", "options", "options-1",
                        "options-2"),
                MarkdownLinks.slugs(List.of("Batch compression (the transport)", "`flux submit --local FILE`",
                        "The guard's cost", "What `--static` guarantees", "Why not Storm's own `topology.tuple.compression.*`",
                        "Options", "Options", "Options")));
    }

    @Test
    void theLinkCheckNamesTheFileTheLineAndTheLink(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/a.md"), "# A page\n\n## Costs\n\n```\n[in code](gone.md)\n```\n"
                + "See [costs](#costs), [b](b.md#top), [up](../README.md) and `[code](nowhere.md)`.\n"
                + "[script](../examples/scripts/soak.sh), [bad anchor](a.md#cost), [web](https://example.com/x.md)\n"
                + "[ref]: ../README.md#nope\n");
        Files.writeString(dir.resolve("docs/b.md"), "# Top\n");
        Files.writeString(dir.resolve("README.md"), "# Read me\n\n[out](../elsewhere.md)\n");
        assertEquals(List.of("README.md:3: ../elsewhere.md: points outside the distribution",
                        "docs/a.md:9: ../examples/scripts/soak.sh: not in the distribution",
                        "docs/a.md:9: a.md#cost: no heading or anchor 'cost' in docs/a.md",
                        "docs/a.md:10: ../README.md#nope: no heading or anchor 'nope' in README.md"),
                new MarkdownLinks(dir, "the distribution").broken(List.of(dir.resolve("README.md"), dir.resolve("docs/a.md"),
                        dir.resolve("docs/b.md"))));
    }
}
