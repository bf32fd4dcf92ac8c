package dev.fluxext.distribution;

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
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The relative links of Markdown files that do not resolve inside one directory (the clone, or the unpacked
 * distribution): a target that is not there or lies outside it, and an {@code #anchor} into a Markdown file that names none of its
 * headings (slugged as GitHub does: lowercased, punctuation removed, spaces as hyphens, a repeated heading suffixed
 * {@code -1}, {@code -2}, ...) or {@code <a id>}s. Links in fenced code blocks and code spans are not links; URLs
 * with a scheme are not checked.
 */
final class MarkdownLinks {

    /** {@code [text](target)} or {@code ![alt](target "title")}; text may hold one level of brackets. */
    private static final Pattern INLINE = Pattern.compile(
            "!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*\\])*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** {@code [label]: target} reference definitions. */
    private static final Pattern DEFINITION = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(?:\\s.*)?$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:name|id)=\"([^\"]+)\"");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");

    private final Path root;
    private final String rootName;
    private final Map<Path, Set<String>> anchorsByFile = new HashMap<>();

    /** Links must resolve inside {@code root}, which messages call {@code rootName} ("the distribution"). */
    MarkdownLinks(Path root, String rootName) {
        this.root = root.toAbsolutePath().normalize();
        this.rootName = rootName;
    }

    /** {@code FILE:LINE: target: why} for each link of {@code pages} that does not resolve, in order. */
    List<String> broken(List<Path> pages) throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            Path absolute = page.toAbsolutePath().normalize();
            List<String> lines = outsideFences(Files.readAllLines(absolute, StandardCharsets.UTF_8));
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
                    String why = problem(absolute, target);
                    if (why != null) {
                        broken.add(root.relativize(absolute) + ":" + (i + 1) + ": " + target + ": " + why);
                    }
                }
            }
        }
        return broken;
    }

    /** Why the link does not resolve, or null when it does (or is not relative). */
    private String problem(Path page, String target) {
        if (target.isEmpty() || target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*") || target.startsWith("//")) {
            return null;
        }
        int hash = target.indexOf('#');
        String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(root)) {
            return "points outside " + rootName;
        }
        if (!Files.exists(resolved)) {
            return "not in " + rootName;
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
            String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
            String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "")
                    .replace(' ', '-');
            int count = seen.merge(slug, 1, Integer::sum);
            slugs.add(count == 1 ? slug : slug + "-" + (count - 1));
        }
        return slugs;
    }
}
