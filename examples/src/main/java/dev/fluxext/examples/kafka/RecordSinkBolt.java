package dev.fluxext.examples.kafka;

import dev.fluxext.examples.LedgerSinkBolt;
import org.apache.storm.tuple.Tuple;

/**
 * The end of the Kafka example: checks each record from Storm's KafkaSpout (its default fields, {@code key} and
 * {@code value} among them; see {@link RecordValue}). A value of another shape counts as corrupt under the
 * record's key (or -1 when the key is no id either).
 */
public class RecordSinkBolt extends LedgerSinkBolt {

    private static final long serialVersionUID = 1L;

    @Override
    protected Seen seen(Tuple input) {
        return RecordValue.check(input.getStringByField("value"))
                .orElseGet(() -> new Seen(idOfKey(input.getStringByField("key")), false));
    }

    private static long idOfKey(String key) {
        try {
            return Long.parseLong(key);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
