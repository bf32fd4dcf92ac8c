package dev.fluxext.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.model.TopologyDef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SubstitutionTest {

    private static final String F = Fixtures.DIR + "resolve/";

    @Test
    void everyPlaceholderIsReplacedAndRetypedLikeYaml() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution.yaml", "resolve/subst.properties",
                true, Map.of("FLUX_HOME", "/opt/flux")));
        assertEquals(List.of(), a.messages());
        TopologyDef t = a.topology();
        assertEquals("substituted", t.name().orElseThrow().value());
        Map<String, Object> config = t.config().toPlain();
        assertEquals(4, config.get("topology.workers"));
        assertEquals(true, config.get("topology.debug"));
        assertEquals("http://example.org:9092/x", config.get("url"));
        assertEquals("example.org:9092", config.get("plain.url"));
        assertEquals("4", config.get("quoted.number"), "quoted scalars stay strings");
        assertEquals("b.example", config.get("second.host"));
        assertEquals("/opt/flux", config.get("env.home"));
        assertEquals(0.5, config.get("fraction"));
        // A property written as a YAML list, as Storm's own test.properties does: [N] is the element, not the list.
        assertEquals("x", config.get("first.of.list"));
        assertEquals("A string list", config.get("storm.style"));
        assertEquals("b, with a comma", config.get("comma.inside"));
        assertEquals(4, t.spouts().get(0).parallelism().value());
        Map<String, Object> boltConfig = t.bolts().get(0).config().toPlain();
        assertEquals(List.of("x", "y"), boltConfig.get("list"), "a value that reads as a YAML list is a list");
        assertEquals(Map.of("k", 1), boltConfig.get("map"));
        assertEquals("[\"x\", \"y\"]", boltConfig.get("quoted.list"));
        assertEquals(5, boltConfig.get("example.org.timeout"), "keys are substituted too");
    }

    @Test
    void missingValuesAreErrorsNamingTheKeyAndTheFixAndAreNotReportedAgainAsWrongTypes() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-errors.yaml",
                "resolve/subst.properties", true, Map.of()));
        assertEquals(List.of(
                F + "substitution-errors.yaml:1:7: '${nope}' has no value: 'nope' is not defined in the --filter "
                        + "properties file (or use ${ENV-nope} with --env-filter)",
                F + "substitution-errors.yaml:3:6: '${hosts[3]}': 'hosts' has 3 elements (index 0 to 2), no element 3",
                F + "substitution-errors.yaml:4:21: '${missing.too}' has no value: 'missing.too' is not defined in the "
                        + "--filter properties file (or use ${ENV-missing.too} with --env-filter)",
                F + "substitution-errors.yaml:5:6: warning: '${ENV-NOT_SET}': environment variable NOT_SET is not set, "
                        + "so the text '${ENV-NOT_SET}' stays as written (as Storm's Flux keeps it); set NOT_SET where "
                        + "the topology is submitted",
                F + "substitution-errors.yaml:11:45: '${no.threshold}' has no value: 'no.threshold' is not defined in "
                        + "the --filter properties file (or use ${ENV-no.threshold} with --env-filter)",
                F + "substitution-errors.yaml:12:18: '${no.parallelism}' has no value: 'no.parallelism' is not defined "
                        + "in the --filter properties file (or use ${ENV-no.parallelism} with --env-filter)",
                F + "substitution-errors.yaml:14:14: '${no.codec}' has no value: 'no.codec' is not defined in the "
                        + "--filter properties file (or use ${ENV-no.codec} with --env-filter)",
                F + "substitution-errors.yaml:18:23: '${no.type}' has no value: 'no.type' is not defined in the "
                        + "--filter properties file (or use ${ENV-no.type} with --env-filter)"),
                a.messages());
    }

    @Test
    void placeholdersAreReplacedInTheTextAsStormsFluxReplacesThemEveryOneOfALine() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-text.yaml",
                "resolve/subst.properties", true, Map.of("FLUX_TEST_FIELD", "word")));
        assertEquals(List.of(F + "substitution-text.yaml:7:13: warning: '${ENV-FLUX_TEST_NOT_SET}': environment "
                + "variable FLUX_TEST_NOT_SET is not set, so the text '${ENV-FLUX_TEST_NOT_SET}' stays as written (as "
                + "Storm's Flux keeps it); set FLUX_TEST_NOT_SET where the topology is submitted"), a.messages());
        TopologyDef t = a.topology();
        assertEquals("text-4", t.name().orElseThrow().value());
        Map<String, Object> config = t.config().toPlain();
        assertEquals(List.of(4, "example.org", 0.5), config.get("in.a.flow.list"), "typed as YAML types the text");
        assertEquals(Map.of("port", 9092, "host", "example.org"), config.get("in.a.flow.map"));
        assertEquals("in a key", config.get("example.org.key"));
        // Storm's Flux would replace only ${port} (the last of the line) and keep "${host}" as text.
        assertEquals("example.org:9092", config.get("two.on.a.line"));
        assertEquals("${ENV-FLUX_TEST_NOT_SET}", config.get("env.kept"), "the text reaches the topology, as in Storm");
        assertEquals(4, t.spouts().get(0).parallelism().value());
        // Positions are those of the file as written: the spout's parallelism at its placeholder.
        assertEquals(11, t.spouts().get(0).parallelism().position().line());
        assertEquals(18, t.spouts().get(0).parallelism().position().column());
    }

    @Test
    void whatFollowsASubstitutedValueOnItsLineIsReportedWhereItIsWritten() {
        // "${host}" becomes "example.org", four characters longer: the key after it is still found at its column.
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-positions.yaml",
                "resolve/subst.properties", false, Map.of()));
        assertEquals(1, a.messages().size(), a.messages().toString());
        assertTrue(a.messages().get(0).startsWith(F + "substitution-positions.yaml:3:72: unknown key 'paralelism'"),
                a.messages().get(0));
    }

    @Test
    void aValueThatBreaksTheYamlIsReportedAtItsPlaceholderInWords() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-breaks.yaml",
                "resolve/subst.properties", false, Map.of()));
        assertEquals(List.of(F + "substitution-breaks.yaml:4:12: once '${bad.list}' is replaced by its value (in the "
                + "text, before the YAML is read, as Storm's Flux replaces it), line 4 is not valid YAML: "),
                a.messages().stream().map(m -> m.substring(0, Math.min(m.length(), m.indexOf("YAML: ") + 6))).toList());
        assertTrue(a.messages().get(0).contains("quote the placeholder"), a.messages().get(0));
        assertFalse(a.messages().get(0).contains("[unclosed"), "the value is not shown: " + a.messages().get(0));
    }

    @Test
    void anUnsetEnvironmentVariableIsAWarningAndAnErrorOnlyWhereItsTextCannotBeTheValue() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-env-parallelism.yaml", null,
                true, Map.of()));
        assertEquals(List.of(
                F + "substitution-env-parallelism.yaml:3:17: warning: '${ENV-FLUX_TEST_NOT_SET}': environment variable "
                        + "FLUX_TEST_NOT_SET is not set, so the text '${ENV-FLUX_TEST_NOT_SET}' stays as written (as "
                        + "Storm's Flux keeps it); set FLUX_TEST_NOT_SET where the topology is submitted",
                F + "substitution-env-parallelism.yaml:7:18: warning: '${ENV-FLUX_TEST_NOT_SET}': environment variable "
                        + "FLUX_TEST_NOT_SET is not set, so the text '${ENV-FLUX_TEST_NOT_SET}' stays as written (as "
                        + "Storm's Flux keeps it); set FLUX_TEST_NOT_SET where the topology is submitted",
                F + "substitution-env-parallelism.yaml:7:18: 'parallelism' of spout 's' must be a whole number, not "
                        + "'${ENV-FLUX_TEST_NOT_SET}'"), a.messages());
    }

    @Test
    void aPropertyWhoseValueLooksLikeAPlaceholderIsJudgedAsThatText() {
        // Properties are substituted once, as in Storm's Flux: '${workers}' is the value, not another placeholder,
        // and a number key rejects it (it was not reported by substitution, so nothing may skip it). The message
        // shows the placeholder as written, never the substituted value.
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution-indirect.yaml",
                "resolve/subst.properties", false, Map.of()));
        assertEquals(List.of(F + "substitution-indirect.yaml:5:18: 'parallelism' of spout 's' must be a whole number, "
                + "not '${indirect}'"), a.messages());
    }

    @Test
    void withoutFilterOrEnvFilterThePlaceholderSaysWhichOptionIsMissing() {
        Fixtures.Analysis a = Fixtures.analyze("resolve/substitution-errors.yaml");
        assertEquals(F + "substitution-errors.yaml:1:7: '${nope}' has no value: give a properties file with --filter "
                + "that defines 'nope'", a.messages().get(0));
        assertEquals(F + "substitution-errors.yaml:5:6: '${ENV-NOT_SET}' reads environment variable NOT_SET, which "
                + "needs --env-filter", a.messages().get(4));
    }

    @Test
    void missingPropertiesFileIsAnError() {
        Fixtures.Analysis a = Fixtures.analyze(Fixtures.options("resolve/substitution.yaml", "resolve/nope.properties",
                false, Map.of()));
        assertEquals(List.of(F + "nope.properties:1:1: --filter properties file '" + F + "nope.properties' not found"),
                a.messages());
    }
}
