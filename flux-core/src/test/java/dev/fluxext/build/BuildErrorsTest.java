package dev.fluxext.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Build-stage problems: each at its file, line and column, all of a file's problems in one run. */
class BuildErrorsTest {

    private static final String DIR = "src/test/resources/build/";

    private static List<String> messages(String file) {
        return messages(file, null);
    }

    private static List<String> messages(String file, String filter) {
        LoadResult result = FluxLoader.load(Fixtures.options("build/" + file, filter == null ? null : "build/" + filter,
                false, Map.of()));
        assertTrue(result.topology().isEmpty() || !result.hasErrors());
        return result.diagnostics().stream().map(Diagnostic::format).map(m -> m.substring(DIR.length())).toList();
    }

    @Test
    void everyProblemInAFileIsReportedAtItsPosition() {
        assertEquals(List.of(
                "errors.yaml:4:21: topology.workers must be a positive integer, not '${workers}'", // from --filter: the placeholder, not the value
                "errors.yaml:9:14: java.time.Duration has no public static method 'ofHourz' (did you mean 'ofHours'?)",
                "errors.yaml:13:16: class org.apache.storm.testing.TestWordSpot not found; did you mean org.apache.storm.testing.TestWordSpout?",
                "errors.yaml:15:16: org.apache.storm.testing.TestWordCounter is not a spout: it does not implement org.apache.storm.topology.IRichSpout",
                "errors.yaml:19:23: no constructor of dev.fluxext.build.testing.ConfigurableBolt accepts (3.7): argument 1 of ConfigurableBolt(Mode): 3.7 cannot be passed as Mode; argument 1 of ConfigurableBolt(int): 3.7 is not a whole number, so it cannot be passed as int",
                "errors.yaml:23:15: ambiguous: several overloads of method ConfigurableBolt.withNumbers accept (a list): ConfigurableBolt.withNumbers(String[]), ConfigurableBolt.withNumbers(int[]); change the arguments' types so that only one fits",
                "errors.yaml:28:19: argument 1 of static ConfigurableBolt.newInstance(Mode): 'BAZ' is not a constant of Mode (one of FOO, BAR)",
                "errors.yaml:37:15: property 'color': dev.fluxext.build.testing.ConfigurableBolt has no public method setColor(...) and no public non-final field 'color'",
                "errors.yaml:40:7: warning: 'topology.workers' is ignored per component by Storm 2.8 workers; set it in the topology config",
                "errors.yaml:41:35: topology.max.spout.pending must be a positive integer, not '${pending}'",
                "errors.yaml:50:71: 'counter' declares no stream 'nothing' (it declares: default)",
                "errors.yaml:51:66: stream 'default' of 'counter' has no field cnt (its fields: word, count)",
                // The stream exists to carry a wrong custom grouping; that it loops is a warning of its own.
                "errors.yaml:52:25: warning: stream from bolt 'counter' to itself: what it emits on stream 'default' comes back to it, and tuples circle for ever unless it stops emitting for some of them",
                "errors.yaml:52:84: java.lang.String is not a custom stream grouping: it does not implement org.apache.storm.grouping.CustomStreamGrouping"), messages("errors.yaml", "errors.properties"));
    }

    @Test
    void transportMustBeAnIContextWithValidNettySettings() {
        // The value comes from --filter, so only Storm's validator (not the schema, which sees ${...}) can judge it.
        List<String> messages = messages("transport-errors.yaml", "transport-errors.properties");
        assertTrue(messages.containsAll(List.of(
                "transport-errors.yaml:3:9: dev.fluxext.build.testing.NotAContext is not a messaging transport: it does not implement org.apache.storm.messaging.IContext (use 'netty' or such a class)",
                "transport-errors.yaml:4:15: transport bufferSize: storm.messaging.netty.buffer_size must be a positive integer, not ${netty.buffer}")), messages::toString);
        assertEquals(List.of("transport-in-config.yaml:3:30: dev.fluxext.build.testing.NotAContext is not a messaging "
                + "transport: it does not implement org.apache.storm.messaging.IContext (use 'netty' or such a class)"),
                messages("transport-in-config.yaml"));
        assertEquals(List.of(
                "transport-missing.yaml:3:9: class org.apache.storm.messaging.netty.Contxt not found; did you mean org.apache.storm.messaging.netty.Context?"), messages("transport-missing.yaml"));
    }

    @Test
    void topologySourceMethodMustReturnATopology() {
        assertEquals(List.of(
                "source-errors.yaml:4:15: SimpleTopologySource.notATopology returned a java.lang.String, not an org.apache.storm.generated.StormTopology"), messages("source-errors.yaml"));
    }

    @Test
    void unreachedBoltsAreChecked() {
        assertEquals(List.of(
                "unreached.yaml:8:5: warning: no stream goes to bolt 'lonely': it is left out of the topology, as Storm's Flux leaves it out",
                "unreached.yaml:10:5: warning: no stream goes to bolt 'lonely-and-broken': it is left out of the topology, as Storm's Flux leaves it out",
                "unreached.yaml:11:16: class org.apache.storm.testing.TestGlobalCounter not found; did you mean "
                        + "org.apache.storm.testing.TestGlobalCount?"), messages("unreached.yaml"));
    }
}
