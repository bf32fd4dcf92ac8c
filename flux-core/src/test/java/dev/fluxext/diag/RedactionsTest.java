package dev.fluxext.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fluxext.model.Position;
import dev.fluxext.model.Span;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RedactionsTest {

    private final Redactions redactions = new Redactions();

    @Test
    void aLongValueIsHiddenAnywhereTheLongestFirst() {
        redactions.add("s3cr3t-token", "${ENV-TOKEN}", true);
        redactions.add("url-s3cr3t-token-x", "url-${ENV-TOKEN}-x", true);
        assertEquals("Storm says: bad ${ENV-TOKEN}; did you mean 'url-${ENV-TOKEN}-x'?",
                redactions.hide("Storm says: bad s3cr3t-token; did you mean 'url-s3cr3t-token-x'?"));
    }

    @Test
    void aShortValueIsHiddenOnlyWhereQuotedWhole() {
        redactions.add("4", "${workers}", false);
        assertEquals("line 4: must be at most 3, not '${workers}'", redactions.hide("line 4: must be at most 3, not '4'"));
    }

    @Test
    void aShortValueIsHiddenAsAWordInAMessageAboutItsPlace() {
        Span value = Span.of(new Position("t.yaml", 4, 15), 15);
        redactions.addAt(value, "-5", "${netty.buffer}", false);
        assertEquals("must be a positive integer, not ${netty.buffer}",
                redactions.hide("must be a positive integer, not -5", value));
        assertEquals("line 4: x-5 is not -5", redactions.hide("line 4: x-5 is not -5", Span.at(new Position("t.yaml", 9, 1))),
                "elsewhere, unquoted, it stays");
    }

    @Test
    void anOrdinaryValueIsShownAsItsPlaceholderOnlyWhereQuotedWholeNeverInsideOtherText() {
        redactions.add("enrichment", "${enrichment.simple.hbase.table}", false);
        assertEquals("class org.apache.metron.enrichment.configuration.Enrichment not found; table "
                        + "'${enrichment.simple.hbase.table}' (did you mean 'enrichments'?)",
                redactions.hide("class org.apache.metron.enrichment.configuration.Enrichment not found; table "
                        + "'enrichment' (did you mean 'enrichments'?)"));
    }

    @Test
    void aValueMarkedSecretLaterIsHiddenAnywhereFromThen() {
        redactions.add("enrichment", "${table}", false);
        redactions.add("enrichment", "${ENV-TABLE}", true);
        assertEquals("class org.${table}.X", redactions.hide("class org.enrichment.X"));
    }

    @Test
    void showMasksOnlySecrets() {
        redactions.add("hunter2hunter2", "${table}", false);
        redactions.add("abc", "${ENV-SHORT}", true);
        redactions.add("s3cr3t-token", "${ENV-TOKEN}", true);
        assertEquals("hunter2hunter2", redactions.mask("hunter2hunter2"));
        assertEquals("${ENV-SHORT}", redactions.mask("abc"));
        assertEquals("xabc", redactions.mask("xabc"), "a short value is masked only as the whole value");
        assertEquals(List.of("jdbc://${ENV-TOKEN}/db", 4), redactions.mask(List.of("jdbc://s3cr3t-token/db", 4)));
        assertEquals(Map.of("k", "${ENV-TOKEN}"), redactions.mask(Map.of("k", "s3cr3t-token")));
    }

    @Test
    void quotedPartsLongerThanTheLimitAreClipped() {
        String value = "x".repeat(100);
        assertEquals("the spout's value '" + "x".repeat(80) + "\u2026' (100 characters) isn't 'short'",
                Diagnostics.clipQuoted("the spout's value '" + value + "' isn't 'short'"));
    }

    /** A message about the quote character itself quotes nothing, however long the text between two of them. */
    @Test
    void aQuoteCharacterTheMessageTalksAboutIsNoQuote() {
        String message = "the ' opened here is never closed, so the rest of the file is read as part of this value: "
                + "end the value with ' on this line (write a ' inside it as '')";
        assertEquals(message, Diagnostics.clipQuoted(message));
    }

    @Test
    void unclosedQuotesAreLeftAsTheyAre() {
        String message = " 'a".repeat(10_000);
        assertEquals(message, Diagnostics.clipQuoted(message));
    }

    @Test
    void aVeryLongMessageIsCutWithItsLength() {
        Diagnostics diagnostics = new Diagnostics();
        diagnostics.error(Code.INTERNAL, dev.fluxext.model.Position.ofFile("t.yaml"), "y".repeat(5000));
        assertEquals("y".repeat(Diagnostics.MAX_MESSAGE) + "\u2026 (5000 characters)",
                diagnostics.all().get(0).message());
    }
}
