package dev.fluxext.examples.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes the Kafka example's records (see {@link RecordValue}) to a topic: ids FROM to FROM+COUNT-1, key = the id,
 * every record acknowledged by all in-sync replicas, idempotently (a retried send is not written twice). Prints
 * {@code produced N} at the end; exits 1 when a send failed, 2 on bad arguments.
 *
 * <pre>
 * java -cp examples/target/examples-0.1.0-SNAPSHOT-topology.jar dev.fluxext.examples.kafka.RecordProducer \
 *     --bootstrap 127.0.0.1:9092 --topic records --from 0 --count 2000 --rate 500 [--partitions 3]
 * </pre>
 *
 * {@code --rate} is records per second ({@code 500} or {@code 500/s}; 0, the default, as fast as the broker takes
 * them). {@code --partitions P} creates the topic with P partitions first, unless it exists.
 */
public final class RecordProducer {

    private static final String USAGE = "usage: RecordProducer --bootstrap HOST:PORT --topic TOPIC [--from FIRST_ID=0] "
            + "--count N [--rate RECORDS_PER_SECOND=0] [--partitions P]";

    private RecordProducer() {
    }

    /** The command line, checked. */
    record Options(String bootstrap, String topic, long from, long count, double rate, int partitions) {

        static Options parse(String[] args) {
            Map<String, String> values = new HashMap<>();
            List<String> known = List.of("--bootstrap", "--topic", "--from", "--count", "--rate", "--partitions");
            for (int i = 0; i < args.length; i++) {
                if (!known.contains(args[i]) || i + 1 == args.length) {
                    throw new IllegalArgumentException(known.contains(args[i]) ? args[i] + " needs a value"
                            : "unknown argument '" + args[i] + "'");
                }
                values.put(args[i], args[++i]);
            }
            for (String required : List.of("--bootstrap", "--topic", "--count")) {
                if (!values.containsKey(required)) {
                    throw new IllegalArgumentException(required + " is missing");
                }
            }
            String rate = values.getOrDefault("--rate", "0");
            Options options = new Options(values.get("--bootstrap"), values.get("--topic"),
                    number(values, "--from", "0"), number(values, "--count", null),
                    Double.parseDouble(rate.endsWith("/s") ? rate.substring(0, rate.length() - 2) : rate),
                    (int) number(values, "--partitions", "0"));
            if (options.from < 0 || options.count < 0 || options.rate < 0 || options.partitions < 0) {
                throw new IllegalArgumentException("--from, --count, --rate and --partitions cannot be negative");
            }
            return options;
        }

        private static long number(Map<String, String> values, String name, String otherwise) {
            String value = values.getOrDefault(name, otherwise);
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + " '" + value + "' is not a whole number");
            }
        }
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("RecordProducer: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        if (options.partitions() > 0) {
            createTopic(options);
        }
        long produced = produce(options);
        System.out.println("produced " + produced);
        System.exit(produced == options.count() ? 0 : 1);
    }

    private static void createTopic(Options options) throws InterruptedException {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrap());
        try (Admin admin = Admin.create(config)) {
            admin.createTopics(List.of(new NewTopic(options.topic(), options.partitions(), (short) 1))).all().get();
            System.out.println("created topic " + options.topic() + " with " + options.partitions() + " partitions");
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create topic " + options.topic() + ": " + e.getCause(), e);
            }
        }
    }

    /** Sends every record, paced to the rate; the number the broker acknowledged. */
    private static long produce(Options options) throws InterruptedException {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrap());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        AtomicLong acknowledged = new AtomicLong();
        AtomicReference<Exception> firstFailure = new AtomicReference<>();
        long nanosPerRecord = options.rate() > 0 ? (long) (1_000_000_000L / options.rate()) : 0;
        long start = System.nanoTime();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config, new StringSerializer(),
                new StringSerializer())) {
            for (long i = 0; i < options.count(); i++) {
                long due = start + i * nanosPerRecord;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                }
                long id = options.from() + i;
                producer.send(new ProducerRecord<>(options.topic(), Long.toString(id), RecordValue.of(id)),
                        (metadata, error) -> {
                            if (error == null) {
                                acknowledged.incrementAndGet();
                            } else {
                                firstFailure.compareAndSet(null, error);
                            }
                        });
            }
            producer.flush();
        }
        if (firstFailure.get() != null) {
            System.err.println("RecordProducer: " + (options.count() - acknowledged.get()) + " of " + options.count()
                    + " records not acknowledged; first error: " + firstFailure.get());
        }
        return acknowledged.get();
    }
}
