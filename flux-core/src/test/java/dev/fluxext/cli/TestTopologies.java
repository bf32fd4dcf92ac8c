package dev.fluxext.cli;

import dev.fluxext.diag.Code;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.model.Position;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.build.LoadedTopology;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.Config;
import org.apache.storm.testing.TestGlobalCount;
import org.apache.storm.testing.TestWordCounter;
import org.apache.storm.testing.TestWordSpout;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.tuple.Fields;

/**
 * A loader for the CLI's tests that builds topologies in Java (storm-client's test spouts and bolts), so the
 * commands are tested apart from the YAML pipeline: {@code words.yaml} (and {@code words-2.yaml}, another name) is a 2-worker word count,
 * {@code broken.yaml} has two errors and a warning, anything else cannot be read. Remembers the last options.
 */
final class TestTopologies {

    static volatile LoadOptions lastOptions;

    private TestTopologies() {
    }

    static LoadResult load(LoadOptions options) {
        lastOptions = options;
        String name = options.file().substring(options.file().lastIndexOf('/') + 1);
        return switch (name) {
            case "words.yaml", "words-2.yaml" ->
                new LoadResult(List.of(), Optional.of(words(name.replace(".yaml", ""), options.configOverrides())));
            case "broken.yaml" -> new LoadResult(List.of(
                Diagnostic.error(Code.UNKNOWN_KEY, new Position(options.file(), 3, 5), "unknown key 'spout'; did you mean 'spouts'?"),
                Diagnostic.warning(Code.NO_EFFECT, new Position(options.file(), 9, 3), "bolt 'lonely' receives no stream"),
                Diagnostic.error(Code.UNKNOWN_REFERENCE, new Position(options.file(), 12, 11), "stream from unknown component 'nope'")),
                Optional.empty());
            default -> new LoadResult(List.of(Diagnostic.error(Code.FILE_UNREADABLE, Position.ofFile(options.file()),
                "cannot read the file: no such file")), Optional.empty());
        };
    }

    static LoadedTopology words(String name, Map<String, Object> overrides) {
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("words", new TestWordSpout(), 2);
        builder.setBolt("count", new TestWordCounter(), 2).fieldsGrouping("words", new Fields("word"));
        builder.setBolt("total", new TestGlobalCount(), 1).globalGrouping("count");
        Map<String, Object> config = new HashMap<>();
        config.put(Config.TOPOLOGY_WORKERS, 2);
        // Shuffle and fields traffic would otherwise prefer the local worker; make the workers talk.
        config.put(Config.TOPOLOGY_DISABLE_LOADAWARE_MESSAGING, true);
        config.putAll(overrides);
        return new LoadedTopology(name, builder.createTopology(), config);
    }

}
