package dev.fluxext.examples;

import org.apache.storm.tuple.Tuple;

/** The end of the accounted topology: each {@link AccountedParagraphSpout} tuple's text against its CRC-32. */
public class ChecksumSinkBolt extends LedgerSinkBolt {

    private static final long serialVersionUID = 1L;

    @Override
    protected Seen seen(Tuple input) {
        boolean intact = Ledger.checksum(input.getStringByField("paragraph")) == input.getLongByField("crc32");
        return new Seen(input.getLongByField("id"), intact);
    }
}
