package dev.fluxext.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in the root README and under {@code docs/} points at a file that exists, and every
 * {@code #anchor} at a heading of the target page, slugged as GitHub does: the heading's text lowercased,
 * punctuation removed, each space a hyphen, and a repeated heading suffixed {@code -1}, {@code -2}, ...
 */
class DocLinksTest {

    /** {@code [text](target)} or {@code ![alt](target "title")}; text may hold one level of brackets. */
    private static final Pattern INLINE = Pattern.compile(
            "!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** {@code [label]: target} reference definitions. */
    private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        Path root = repositoryRoot();
        List<String> broken = new ArrayList<>();
        for (Path page : pages(root)) {
            broken.addAll(brokenLinks(root, page));
        }
        assertEquals("", String.join("\n", broken),
                broken.size() + " broken link(s) (FILE:LINE: target: why); fix the link or the heading it names");
    }

    @Test
    void slugsFollowGitHubsRules() {
        assertEquals(List.of("batch-compression-the-transport", "flux-submit---local-file", "the-guards-cost",
                        "what---static-guarantees", "why-not-storms-own-topologytuplecompression", "options", "options-1",
                        "options-2"),
                slugs(List.of("Batch compression (the transport)", "`flux submit --local FILE`", "The guard's cost",
                        "What `--static` guarantees", "Why not Storm's own `topology.tuple.compression.*`", "Options",
                        "Options", "Options")));
    }

    @Test
    void aBrokenLinkNamesTheFileTheLineAndTheTarget(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("docs"));
        Files.writeString(dir.resolve("docs/a.md"), "# A page\n\n## Costs\n\n```\n[not a link](gone.md)\n```\n"
                + "See [costs](#costs), [b](b.md#top) and `[code](nowhere.md)`.\n[missing](nowhere.md), "
                + "[bad anchor](a.md#cost), [b's part](b.md#part-two)\n[ref]: ../README.md#nope\n");
        Files.writeString(dir.resolve("docs/b.md"), "# Top\n\n## Part [two](a.md)\n");
        Files.writeString(dir.resolve("README.md"), "# Read me\n");
        assertEquals(List.of("docs/a.md:9: nowhere.md: no such file",
                        "docs/a.md:9: a.md#cost: no heading or anchor 'cost' in docs/a.md",
                        "docs/a.md:10: ../README.md#nope: no heading or anchor 'nope' in README.md"),
                brokenLinks(dir, dir.resolve("docs/a.md")));
    }

    static Path repositoryRoot() {
        Path module = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
        Path root = module.getParent();
        assertTrue(Files.isDirectory(root.resolve("docs")), "no docs/ next to " + module);
        return root;
    }

    private static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private List<String> brokenLinks(Path root, Path page) throws IOException {
        List<String> broken = new ArrayList<>();
        List<String> lines = outsideFences(Files.readAllLines(page, StandardCharsets.UTF_8));
        for (int i = 0; i < lines.size(); i++) {
            String text = CODE_SPAN.matcher(lines.get(i)).replaceAll("");
            List<String> targets = new ArrayList<>();
            Matcher inline = INLINE.matcher(text);
            while (inline.find()) {
                targets.add(inline.group(1));
            }
            Matcher definition = DEFINITION.matcher(text);
            if (definition.matches()) {
                targets.add(definition.group(1));
            }
            for (String target : targets) {
                String why = problem(root, page, target);
                if (why != null) {
                    broken.add(root.relativize(page) + ":" + (i + 1) + ": " + target + ": " + why);
                }
            }
        }
        return broken;
    }

    /** Why the link does not resolve, or null when it does (or is not relative). */
    private String problem(Path root, Path page, String target) {
        if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("//")) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(root)) {
            return "points outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!resolved.toString().endsWith(".md")) {
            return anchor.matches("L\\d+(-L\\d+)?") ? null : "an anchor into a file that is not Markdown";
        }
        String decoded = URLDecoder.decode(anchor, StandardCharsets.UTF_8);
        return anchors(resolved).contains(decoded) ? null
                : "no heading or anchor '" + decoded + "' in " + root.relativize(resolved);
    }

    private Set<String> anchors(Path page) {
        return anchorsByFile.computeIfAbsent(page, p -> {
            try {
                List<String> headings = new ArrayList<>();
                Set<String> anchors = new LinkedHashSet<>();
                for (String line : outsideFences(Files.readAllLines(p, StandardCharsets.UTF_8))) {
                    Matcher heading = HEADING.matcher(line);
                    if (heading.matches()) {
                        headings.add(heading.group(2));
                    }
                    Matcher html = HTML_ANCHOR.matcher(line);
                    while (html.find()) {
                        anchors.add(html.group(1));
                    }
                }
                anchors.addAll(slugs(headings));
                return anchors;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The lines with those of fenced code blocks (fences included) blanked, so that line numbers stay. */
    private static List<String> outsideFences(List<String> lines) {
        List<String> prose = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            String trimmed = line.strip();
            boolean fenceLine = trimmed.startsWith("```") || trimmed.startsWith("~~~");
            if (fence == null && fenceLine) {
                fence = trimmed.substring(0, 3);
                prose.add("");
            } else if (fence != null) {
                if (trimmed.startsWith(fence)) {
                    fence = null;
                }
                prose.add("");
            } else {
                prose.add(line);
            }
        }
        return prose;
    }

    /** GitHub's ids for a page's headings, in order. */
    static List<String> slugs(List<String> headings) {
        Map<String, Integer> seen = new HashMap<>();
        List<String> slugs = new ArrayList<>();
        for (String heading : headings) {
            String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")   // a link shows its text
                    .replaceAll("<[^>]+>", "");
            String slug = text.toLowerCase(java.util.Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
                    .replace(' ', '-');
            int count = seen.merge(slug, 1, Integer::sum);
            slugs.add(count == 1 ? slug : slug + "-" + (count - 1));
        }
        return slugs;
    }
}
