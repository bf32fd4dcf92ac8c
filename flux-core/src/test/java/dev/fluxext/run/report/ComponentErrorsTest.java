package dev.fluxext.run.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.apache.storm.generated.ErrorInfo;
import org.apache.storm.generated.TopologyInfo;
import org.junit.jupiter.api.Test;

/** The lines a local run prints for the errors components reported to Storm: by component, message, root cause. */
class ComponentErrorsTest {

    private static final String WRAPPED = """
        java.lang.RuntimeException: Error preparing HdfsBolt: Call From h/127.0.0.1 to localhost:1 failed
        \tat org.apache.storm.hdfs.bolt.AbstractHdfsBolt.prepare(AbstractHdfsBolt.java:131)
        Caused by: java.io.IOException: first cause
        \tat org.apache.hadoop.ipc.Client.call(Client.java:1)
        Caused by: java.net.ConnectException: Connection refused
        \tat sun.nio.ch.Net.connect0(Native Method)
        """;

    @Test
    void eachComponentsLastErrorWithItsRootCauseWithoutTheStackTrace() {
        TopologyInfo info = new TopologyInfo();
        info.set_errors(Map.of(
            "hdfs", List.of(new ErrorInfo("java.io.IOException: older\n\tat x.y(Z.java:1)", 10),
                new ErrorInfo(WRAPPED, 20)),
            "kafka", List.of(new ErrorInfo("org.apache.kafka.common.errors.TimeoutException: Timeout expired\n"
                + "\tat a.b(C.java:2)", 5)),
            "quiet", List.of()));
        assertEquals(List.of(
            "flux: component 'hdfs' reported an error: java.lang.RuntimeException: Error preparing HdfsBolt: Call "
                + "From h/127.0.0.1 to localhost:1 failed; caused by java.net.ConnectException: Connection refused "
                + "(2 errors reported; the last one)",
            "flux: component 'kafka' reported an error: org.apache.kafka.common.errors.TimeoutException: Timeout "
                + "expired"), Summary.componentErrors(info));
        assertEquals(List.of(), Summary.componentErrors(new TopologyInfo()));
        assertEquals(List.of(), Summary.componentErrors(null));
    }
}
