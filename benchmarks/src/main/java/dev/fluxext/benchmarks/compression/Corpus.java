package dev.fluxext.benchmarks.compression;

import dev.fluxext.examples.EventSpout;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Benchmark payloads: bundled English paragraphs and seeded JSON events. */
public final class Corpus {

    static final String PROSE_RESOURCE = "prose.txt";

    private Corpus() {
    }

    /** The bundled paragraphs (blank-line separated in the resource; lines of one paragraph joined by spaces). */
    public static List<String> prose() {
        String text;
        try (InputStream in = Corpus.class.getResourceAsStream(PROSE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + PROSE_RESOURCE + " next to " + Corpus.class);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> paragraphs = new ArrayList<>();
        for (String block : text.split("\\R\\s*\\R")) {
            String paragraph = block.strip().replaceAll("\\s*\\R\\s*", " ");
            if (!paragraph.isEmpty()) {
                paragraphs.add(paragraph);
            }
        }
        return List.copyOf(paragraphs);
    }

    /** {@code count} click-stream events of about 200 bytes, the example topology's: same seed, same events. */
    public static List<String> jsonEvents(int count, long seed) {
        return EventSpout.events(count, seed);
    }
}
