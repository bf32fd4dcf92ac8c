package dev.fluxext.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fluxext.Fixtures;
import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.lang.ElementCheck.Checked;
import dev.fluxext.model.GroupingDef;
import dev.fluxext.read.YNode;
import dev.fluxext.read.YamlReader;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The declaration is consistent with the model, and {@link ElementCheck} enforces what it declares. */
class LanguageTest {

    @Test
    void theDeclaredGroupingTypesAreTheModelsGroupingTypes() {
        Set<String> declared = Set.copyOf(Language.GROUPING.key("type").orElseThrow().shape().choiceValues());
        assertEquals(Arrays.stream(GroupingDef.Type.values()).map(Enum::name).collect(Collectors.toSet()), declared);
    }

    @Test
    void everyKeyIsDescribedWithAnExampleThatNamesIt() {
        for (Language.Element element : Language.ALL) {
            for (Language.Key key : element.keys()) {
                assertTrue(!key.meaning().isBlank() && key.example().startsWith(key.name() + ":"),
                        element.name() + "." + key.name() + " lacks a meaning or an example of itself");
            }
        }
    }

    @Test
    void ruleKeysAreDeclaredKeysOfTheirElement() {
        for (Language.Element element : Language.ALL) {
            element.rules().forEach(rule -> assertTrue(element.keyNames().containsAll(rule.keys()),
                    element.name() + ": " + rule + " names an undeclared key"));
        }
    }

    @Test
    void aValueThatFailsItsShapeIsReportedOnceAndNotHandedOn() {
        Diagnostics diagnostics = new Diagnostics();
        YNode.Map map = (YNode.Map) new YamlReader().readString(
                "{id: s, className: a.B, parallelism: 0, numTasks: x, cpuLoad: 12.5}", "t.yaml", diagnostics)
                .orElseThrow();
        Checked checked = new ElementCheck(diagnostics).check(map, Language.COMPONENT, "spout 's'");
        assertEquals(List.of("t.yaml:1:38: 'parallelism' of spout 's' must be at least 1, not 0",
                "t.yaml:1:51: 'numTasks' of spout 's' must be a whole number, not 'x'"),
                diagnostics.all().stream().map(Diagnostic::format).toList());
        assertTrue(checked.wholeNumber("parallelism").isEmpty() && checked.wholeNumber("numTasks").isEmpty());
        assertEquals(12.5, checked.number("cpuLoad").orElseThrow().value());
        assertEquals("a.B", checked.text("className").orElseThrow().value());
    }

    @Test
    void anIncludeIsFollowedOnlyAsWritten() {
        // 'override: maybe' is an error at the value; the include is not followed, so no "not found" follows it.
        assertEquals(List.of(Fixtures.DIR + "resolve/inc/mistyped-flag.yaml:4:15: 'override' of include #1 must be "
                + "true or false, not 'maybe'"), Fixtures.messages("resolve/inc/mistyped-flag.yaml"));
    }
}
