package dev.fluxext.examples.kafka;

import dev.fluxext.examples.Ledger;
import dev.fluxext.examples.LedgerSinkBolt;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The records of the Kafka example: key = the id (decimal), value = {@code {"id":ID,"crc32":CRC,"event":EVENT}},
 * where EVENT is a click-stream event of about 1 KB made from the id alone (the same id always gives the same
 * event) and CRC the CRC-32 of EVENT's text. Events repeat field names, agents and products, so that a bundle of
 * them compresses well; the checksum lets the sink tell a record that arrived intact from one that did not.
 */
public final class RecordValue {

    private static final String[] TYPES = {"page_view", "add_to_cart", "checkout", "search", "login", "click"};
    private static final String[] COUNTRIES = {"DE", "US", "FR", "BR", "IN", "JP", "GB", "NL", "PL", "CA"};
    private static final String[] AGENTS = {
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile"};
    private static final String[] PRODUCTS = {"espresso-machine", "grinder", "milk-frother", "kettle", "scale",
        "tamper", "knock-box", "filter-papers", "cleaning-tablets", "travel-mug"};
    private static final String[] SECTIONS = {"products", "search", "cart", "account", "help", "deals"};

    private static final String PREFIX = "{\"id\":";
    private static final String CRC = ",\"crc32\":";
    private static final String EVENT = ",\"event\":";

    private RecordValue() {
    }

    /** The record value for {@code id}. */
    public static String of(long id) {
        String event = event(id);
        return PREFIX + id + CRC + Ledger.checksum(event) + EVENT + event + "}";
    }

    /** The value's id and verdict; empty when it is not of this shape at all (no id to name). */
    public static Optional<LedgerSinkBolt.Seen> check(String value) {
        if (value == null || !value.startsWith(PREFIX) || !value.endsWith("}")) {
            return Optional.empty();
        }
        int crcAt = value.indexOf(CRC);
        int eventAt = value.indexOf(EVENT);
        if (crcAt < 0 || eventAt < crcAt) {
            return Optional.empty();
        }
        try {
            long id = Long.parseLong(value.substring(PREFIX.length(), crcAt));
            long crc = Long.parseLong(value.substring(crcAt + CRC.length(), eventAt));
            String event = value.substring(eventAt + EVENT.length(), value.length() - 1);
            return Optional.of(new LedgerSinkBolt.Seen(id, Ledger.checksum(event) == crc));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The event of {@code id}: about 1 KB of JSON, from a random sequence seeded by the id. */
    static String event(long id) {
        SplittableRandom random = new SplittableRandom(id * 0x9E3779B97F4A7C15L + 20_261_206L);
        StringBuilder json = new StringBuilder(1200);
        json.append("{\"seq\":").append(id)
                .append(",\"ts\":").append(1_765_000_000_000L + id * 37 + random.nextInt(1000))
                .append(",\"type\":\"").append(pick(random, TYPES))
                .append("\",\"user\":\"u").append(random.nextInt(1, 250_000))
                .append("\",\"session\":\"").append(Long.toHexString(random.nextLong()))
                .append("\",\"country\":\"").append(pick(random, COUNTRIES))
                .append("\",\"path\":\"/").append(pick(random, SECTIONS)).append('/').append(random.nextInt(1, 20_000))
                .append("\",\"referrer\":\"https://www.example.com/").append(pick(random, SECTIONS))
                .append("?utm_source=newsletter&utm_medium=email&utm_campaign=winter-sale")
                .append("\",\"userAgent\":\"").append(pick(random, AGENTS))
                .append("\",\"latencyMs\":").append(random.nextInt(3, 2_500))
                .append(",\"cart\":[");
        for (int item = 0; item < 5; item++) {
            json.append(item == 0 ? "" : ",")
                    .append("{\"sku\":\"SKU-").append(random.nextInt(10_000, 99_999))
                    .append("\",\"product\":\"").append(pick(random, PRODUCTS))
                    .append("\",\"quantity\":").append(random.nextInt(1, 5))
                    .append(",\"unitPrice\":").append(random.nextInt(199, 49_999) / 100.0)
                    .append(",\"currency\":\"EUR\",\"inStock\":").append(random.nextInt(10) != 0).append('}');
        }
        return json.append("],\"ok\":").append(random.nextInt(20) != 0).append('}').toString();
    }

    private static String pick(SplittableRandom random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
