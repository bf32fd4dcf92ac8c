package dev.fluxext.benchmarks.compression;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Benchmark payloads: bundled English paragraphs and seeded JSON events. */
public final class Corpus {

    static final String PROSE_RESOURCE = "prose.txt";

    private static final String[] EVENT_TYPES = {"page_view", "add_to_cart", "checkout", "search", "login", "logout",
        "signup", "click", "video_play", "error"};
    private static final String[] COUNTRIES = {"DE", "US", "FR", "BR", "IN", "JP", "GB", "NL", "PL", "CA", "ES", "KR"};
    private static final String[] DEVICES = {"android", "ios", "web-chrome", "web-firefox", "web-safari", "tv"};
    private static final String[] SECTIONS = {"products", "search", "cart", "account", "help", "blog", "deals"};

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

    /** {@code count} click-stream style events, about 200 bytes each; the same seed gives the same events. */
    public static List<String> jsonEvents(int count, long seed) {
        ObjectMapper mapper = new ObjectMapper();
        SplittableRandom random = new SplittableRandom(seed);
        long ts = 1_763_776_800_000L;
        List<String> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ts += random.nextInt(1, 900);
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("id", Long.toHexString(random.nextLong()));
            event.put("ts", ts);
            event.put("type", pick(random, EVENT_TYPES));
            event.put("user", "u" + random.nextInt(1, 250_000));
            event.put("session", Integer.toHexString(random.nextInt()));
            event.put("country", pick(random, COUNTRIES));
            event.put("device", pick(random, DEVICES));
            event.put("path", "/" + pick(random, SECTIONS) + "/" + random.nextInt(1, 20_000));
            event.put("latencyMs", random.nextInt(3, 2_500));
            event.put("amount", random.nextInt(0, 50_000) / 100.0);
            event.put("ok", random.nextInt(20) != 0);
            try {
                events.add(mapper.writeValueAsString(event));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return List.copyOf(events);
    }

    private static String pick(SplittableRandom random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
