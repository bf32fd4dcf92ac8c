package dev.fluxext.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.diag.Redactions;
import dev.fluxext.run.report.Summary;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A local run's lines name the topology as the CLI shows it: a value from the environment as its placeholder. */
class LocalRunLinesTest {

    private static final String SECRET = "s3cr3t-token-value";

    @Test
    void theLocalRunsLinesTakeTheNameAsShown() {
        Redactions redactions = new Redactions();
        redactions.add(SECRET, "${ENV-TOKEN}", true);
        redactions.add("from-a-filter-file", "${name}", false);
        String masked = String.valueOf(redactions.mask(SECRET));
        assertEquals("flux: topology '${ENV-TOKEN}' submitted with 2 workers; running for 5 s (Ctrl-C stops it)",
            LocalRunner.submittedLine(masked, 2, Optional.of(Duration.ofSeconds(5))));
        assertEquals("flux: topology '${ENV-TOKEN}' killed", LocalRunner.killedLine(masked));
        assertEquals("Summary of '${ENV-TOKEN}' after 7 s:", Summary.header(masked, 7, null));
        // As show: only values from the environment are masked.
        assertEquals("flux: topology 'from-a-filter-file' killed",
            LocalRunner.killedLine(String.valueOf(redactions.mask("from-a-filter-file"))));
        assertEquals("Summary of '" + SECRET + "' after 7 s:", Summary.header(SECRET, 7, null));
    }
}
