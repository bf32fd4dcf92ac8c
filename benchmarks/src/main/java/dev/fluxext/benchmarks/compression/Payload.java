package dev.fluxext.benchmarks.compression;

import java.util.List;
import java.util.function.Supplier;

/** The tuple contents the benchmarks send: one string field per tuple. */
public enum Payload {
    /** ~1.5 KB paragraphs of English prose, from the bundled corpus. */
    PROSE_1500B(Corpus::prose),
    /** ~200 B JSON events, generated with a fixed seed. */
    JSON_200B(() -> Corpus.jsonEvents(512, 20_261_122L));

    private final Supplier<List<String>> source;

    Payload(Supplier<List<String>> source) {
        this.source = source;
    }

    public List<String> load() {
        return source.get();
    }
}
