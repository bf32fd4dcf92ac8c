package dev.fluxext.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Emits small click-stream events as JSON strings of about 200 bytes (field {@code event}), generated with a fixed
 * seed and cycled, reliably (see {@link CyclingTextSpout}). Each event is too small to compress on its own; the
 * repeats are across events (field names, event types, countries), which is what batch compression finds.
 */
public class EventSpout extends CyclingTextSpout {

    private static final long serialVersionUID = 1L;

    static final int DISTINCT_EVENTS = 4096;
    static final String[] TYPES = {"page_view", "add_to_cart", "checkout", "search", "login", "logout", "signup",
        "click", "video_play", "error"};
    private static final String[] COUNTRIES = {"DE", "US", "FR", "BR", "IN", "JP", "GB", "NL", "PL", "CA", "ES", "KR"};
    private static final String[] DEVICES = {"android", "ios", "web-chrome", "web-firefox", "web-safari", "tv"};
    private static final String[] SECTIONS = {"products", "search", "cart", "account", "help", "blog", "deals"};

    static final long SEED = 20_261_123L;

    /** The events, each generated when the spout first reaches it (see {@link Generated}). */
    @Override
    protected List<String> pieces() {
        return new Generated(DISTINCT_EVENTS, SEED);
    }

    @Override
    protected List<String> piecesOf(BundledText text) {
        throw new UnsupportedOperationException("events are generated, not read from a text");
    }

    @Override
    protected String fieldName() {
        return "event";
    }

    /** {@code count} events; the same seed gives the same events. */
    public static List<String> events(int count, long seed) {
        return List.copyOf(new Generated(count, seed));
    }

    /**
     * {@link #events} made as they are first asked for, in order: the spout's first tuple leaves at once instead of
     * after all of them (0.4 s in a worker that has just started, its code not yet compiled).
     */
    static final class Generated extends AbstractList<String> {
        private final int count;
        private final Generator generator;
        private final List<String> made = new ArrayList<>();

        Generated(int count, long seed) {
            this.count = count;
            this.generator = new Generator(seed);
        }

        @Override
        public String get(int index) {
            Objects.checkIndex(index, count);
            while (made.size() <= index) {
                made.add(generator.next());
            }
            return made.get(index);
        }

        @Override
        public int size() {
            return count;
        }
    }

    /** One event after another from a seed. */
    private static final class Generator {
        private final ObjectMapper mapper = new ObjectMapper();
        private final SplittableRandom random;
        private long ts = 1_763_776_800_000L;

        Generator(long seed) {
            this.random = new SplittableRandom(seed);
        }

        String next() {
            ts += random.nextInt(1, 900);
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("id", Long.toHexString(random.nextLong()));
            event.put("ts", ts);
            event.put("type", pick(random, TYPES));
            event.put("user", "u" + random.nextInt(1, 250_000));
            event.put("session", Integer.toHexString(random.nextInt()));
            event.put("country", pick(random, COUNTRIES));
            event.put("device", pick(random, DEVICES));
            event.put("path", "/" + pick(random, SECTIONS) + "/" + random.nextInt(1, 20_000));
            event.put("latencyMs", random.nextInt(3, 2_500));
            event.put("amount", random.nextInt(0, 50_000) / 100.0);
            event.put("ok", random.nextInt(20) != 0);
            try {
                return mapper.writeValueAsString(event);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static String pick(SplittableRandom random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
