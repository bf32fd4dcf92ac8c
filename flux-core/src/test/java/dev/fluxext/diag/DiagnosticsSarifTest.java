package dev.fluxext.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** How a file is named in SARIF: code scanning resolves a relative URI against the checkout. */
class DiagnosticsSarifTest {

    @Test
    void aRelativePathStaysRelativeAndEscapedAnAbsoluteOneIsAFileUri() {
        assertEquals("topologies/word%20count.yaml", DiagnosticsSarif.uri("topologies/word count.yaml"));
        assertEquals("t.yaml", DiagnosticsSarif.uri("t.yaml"));
        Path absolute = Path.of("/tmp/x y/t.yaml").toAbsolutePath();
        assertEquals(absolute.toUri().toString(), DiagnosticsSarif.uri(absolute.toString()));
    }
}
