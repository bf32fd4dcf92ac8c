package dev.fluxext.wrappers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ComponentCommon;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Storm Flux's wrapper classes, written the way Storm's own example files use them, with our package. */
class FluxWrappersTest {

    @Test
    void shellComponentsGetTheirStreamsAndConfigFromTheFile(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("multilang.yaml"), """
                name: multilang
                spouts:
                  - id: sentence-spout
                    className: dev.fluxext.wrappers.spouts.FluxShellSpout
                    constructorArgs:
                      - ["node", "randomsentence.js"]
                      - ["sentence"]
                    configMethods:
                      - name: addComponentConfig
                        args: ["rabbitmq.configfile", "etc/rabbit.yml"]
                      - name: addComponentConfig
                        args: ["publisher.data_paths", ["actions"]]
                bolts:
                  - id: splitsentence
                    className: dev.fluxext.wrappers.bolts.FluxShellBolt
                    constructorArgs:
                      - ["python3", "splitsentence.py"]
                      - ["word"]
                    configMethods:
                      - name: setNamedStream
                        args: ["errors", ["message", "cause"]]
                  - id: log
                    className: dev.fluxext.wrappers.bolts.LogInfoBolt
                streams:
                  - from: sentence-spout
                    to: splitsentence
                    grouping: {type: SHUFFLE}
                  - from: splitsentence
                    to: log
                    grouping: {type: SHUFFLE, streamId: errors}
                """);
        LoadResult result = FluxLoader.load(LoadOptions.of(file.toString()));
        List<String> messages = result.diagnostics().stream().map(Diagnostic::format).toList();
        assertEquals(List.of(), messages);
        StormTopology topology = result.topology().orElseThrow().topology();

        ComponentCommon spout = topology.get_spouts().get("sentence-spout").get_common();
        assertEquals(List.of("sentence"), spout.get_streams().get(Utils.DEFAULT_STREAM_ID).get_output_fields());
        Map<String, Object> spoutConf = Utils.parseJson(spout.get_json_conf());
        assertEquals("etc/rabbit.yml", spoutConf.get("rabbitmq.configfile"));
        assertEquals(List.of("actions"), spoutConf.get("publisher.data_paths"));

        ComponentCommon split = topology.get_bolts().get("splitsentence").get_common();
        assertEquals(List.of("word"), split.get_streams().get(Utils.DEFAULT_STREAM_ID).get_output_fields());
        assertEquals(List.of("message", "cause"), split.get_streams().get("errors").get_output_fields());

        assertTrue(topology.get_bolts().get("log").get_common().get_streams().isEmpty());
    }

    @Test
    void stormsWrapperNamesPointToOurs(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("log.yaml"), """
                name: log
                spouts:
                  - id: words
                    className: org.apache.storm.testing.TestWordSpout
                bolts:
                  - id: log
                    className: org.apache.storm.flux.wrappers.bolts.LogInfoBolt
                streams:
                  - from: words
                    to: log
                    grouping: {type: SHUFFLE}
                """);
        List<String> messages = FluxLoader.load(LoadOptions.of(file.toString())).diagnostics().stream()
                .map(Diagnostic::format).toList();
        assertEquals(List.of(file + ":7:16: class org.apache.storm.flux.wrappers.bolts.LogInfoBolt not found; "
                + "did you mean dev.fluxext.wrappers.bolts.LogInfoBolt?"), messages);
    }

    @Test
    void aCommandAloneDeclaresNothingUntilAStreamIsSet() {
        ShellComponent component = new ShellComponent(new String[0]);
        org.apache.storm.topology.OutputFieldsGetter declared = new org.apache.storm.topology.OutputFieldsGetter();
        component.declare(declared);
        assertTrue(declared.getFieldsDeclaration().isEmpty());
        component.stream(Utils.DEFAULT_STREAM_ID, new String[] {"line"});
        component.declare(declared);
        assertEquals(List.of("line"), declared.getFieldsDeclaration().get(Utils.DEFAULT_STREAM_ID).get_output_fields());
    }
}
