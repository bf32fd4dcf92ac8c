package dev.fluxext.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructureCheckTest {

    private static final String F = Fixtures.DIR + "check/";

    @Test
    void duplicateIdsAndBadReferencesAreErrors() {
        assertEquals(List.of(
                F + "ids-and-refs.yaml:6:14: reference to component 'late' declared later (at line 8): declare it "
                        + "above the place that uses it",
                F + "ids-and-refs.yaml:7:14: reference to unknown component 'nowhere'",
                F + "ids-and-refs.yaml:10:9: duplicate id 'early': already used by the component declared at line 3 "
                        + "(ids must be unique across components, spouts and bolts)",
                F + "ids-and-refs.yaml:18:9: duplicate id 's': already used by the spout declared at line 13 (ids "
                        + "must be unique across components, spouts and bolts)",
                F + "ids-and-refs.yaml:23:9: duplicate id 'late': already used by the component declared at line 8 "
                        + "(ids must be unique across components, spouts and bolts)",
                F + "ids-and-refs.yaml:16:25: reference to unknown component 'erly'; did you mean 'early'?",
                F + "ids-and-refs.yaml:16:31: reference to 's', which is a spout or bolt: references name entries of "
                        + "'components'",
                F + "ids-and-refs.yaml:18:5: warning: no stream goes to bolt 's': it is left out of the topology, as Storm's Flux leaves it out"),
                Fixtures.messages("check/ids-and-refs.yaml"));
    }

    @Test
    void streamsFormingACycleAreAWarningAtTheStreamClosingIt() {
        assertEquals(List.of(
                F + "cycles.yaml:19:9: warning: stream from bolt 'count' to itself: what it emits on stream "
                        + "'default' comes back to it, and tuples circle for ever unless it stops emitting for some "
                        + "of them",
                F + "cycles.yaml:28:9: warning: streams a -> b -> a form a cycle: tuples circle for ever unless a "
                        + "bolt on it stops emitting for some of them"),
                Fixtures.messages("check/cycles.yaml"));
    }

    @Test
    void streamsAndGroupingsAreChecked() {
        assertEquals(List.of(
                F + "streams.yaml:28:15: FIELDS grouping needs 'args': the list of field names to group by",
                F + "streams.yaml:33:7: 'args' only applies to FIELDS grouping, not GLOBAL",
                F + "streams.yaml:36:15: CUSTOM grouping needs 'customClass': the CustomStreamGrouping to use",
                F + "streams.yaml:41:7: 'customClass' only applies to CUSTOM grouping, not ALL",
                F + "streams.yaml:52:36: FIELDS grouping needs 'args' with at least one item: the list of field "
                        + "names to group by",
                F + "streams.yaml:14:11: stream from unknown spout or bolt 'wrods'; did you mean 'words'?",
                F + "streams.yaml:18:9: stream to unknown bolt 'cuont'; did you mean 'count'?",
                F + "streams.yaml:21:9: stream to spout 'words': streams go to bolts",
                F + "streams.yaml:23:11: stream from unknown spout or bolt 'shared' ('shared' is a component, not a "
                        + "spout or bolt)",
                F + "streams.yaml:11:5: warning: no stream goes to bolt 'lonely': it is left out of the topology, as Storm's Flux leaves it out"),
                Fixtures.messages("check/streams.yaml"));
    }

    @Test
    void countsAndLoadsAreChecked() {
        assertEquals(List.of(
                F + "counts.yaml:5:18: 'parallelism' of spout 's' must be at least 1, not 0",
                F + "counts.yaml:6:15: 'numTasks' of spout 's' must be at least 1, not 0",
                F + "counts.yaml:12:23: 'onHeapMemoryLoad' of bolt 'b' must be a finite number, 0 or more, not -1.0",
                F + "counts.yaml:13:24: 'offHeapMemoryLoad' of bolt 'b' must be a finite number, 0 or more, not "
                        + "Infinity",
                F + "counts.yaml:14:14: 'cpuLoad' of bolt 'b' must be a finite number, 0 or more, not -0.5",
                F + "counts.yaml:11:15: warning: 'numTasks' (2) of bolt 'b' is less than its 'parallelism' (4): only 2 "
                        + "executors will run"),
                Fixtures.messages("check/counts.yaml"));
    }

    @Test
    void topologySourceExcludesSpoutsBoltsAndStreams() {
        // At each conflicting key, in the schema's words, as an editor shows them.
        assertEquals(List.of(F + "mixed-source.yaml:4:1: 'spouts' cannot be combined with 'topologySource' in the "
                        + "topology: remove one of them",
                F + "mixed-source.yaml:7:1: 'streams' cannot be combined with 'topologySource' in the topology: "
                        + "remove one of them"),
                Fixtures.messages("check/mixed-source.yaml"));
    }

    @Test
    void aTopologyNeedsSpouts() {
        assertEquals(List.of(
                F + "no-spouts.yaml:1:1: the topology has no spouts: declare 'spouts' (and 'bolts' and 'streams'), or "
                        + "a 'topologySource'",
                F + "no-spouts.yaml:3:5: warning: no stream goes to bolt 'b': it is left out of the topology, as Storm's Flux leaves it out"),
                Fixtures.messages("check/no-spouts.yaml"));
    }

    @Test
    void codecSettingsForACodecNotInUseAreWarnings() {
        assertEquals(List.of(
                F + "compression-unused.yaml:19:20: warning: 'zstd.windowLog' has no effect: bolt 'b' uses codec 'lz4'",
                F + "compression-unused.yaml:7:12: warning: 'gzip.level' has no effect: no spout or bolt uses that codec"),
                Fixtures.messages("check/compression-unused.yaml"));
    }
}
