package dev.fluxext.benchmarks.compression;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictTrainer;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import dev.fluxext.compression.batch.BatchCompressionContext;
import dev.fluxext.compression.config.BatchCompressionOptions;
import dev.fluxext.compression.storm.CompressionSetup;
import dev.fluxext.examples.BundledText;
import dev.fluxext.examples.ParagraphSpout;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.storm.Config;
import org.apache.storm.messaging.IConnection;
import org.apache.storm.messaging.IContext;
import org.apache.storm.messaging.TaskMessage;

/**
 * The entropy floor of a 2-worker topology's traffic: reads the bundles {@link RecordingContext} recorded, and
 * prints, per acked spout tuple, the raw message bytes, what the batch transport itself sends for them (the
 * recorded values rewritten as its topologies write them; zstd level 1, as shipped) and what other framings and
 * settings would, and the floor: the bytes no codec can remove
 * (random 64-bit ids, the spout's random content, the little entropy of task and stream ids and of the bolts'
 * values). Byte counts come from the recorded window; they are turned into bytes per acked tuple with the run's
 * totals (every message counted by the recorder) and its acked count.
 *
 * <pre>java -cp ... WireFloor CAPTURE ACKED events|paragraphs</pre>
 */
public final class WireFloor {

    /** The batch transport's default {@code maxBatchBytes}: merged bundles are split at it. */
    static final int MAX_BATCH_BYTES = 262_144;
    /** A spout tuple's payload is the one string value at least this long (the bolts' values are words). */
    static final int PAYLOAD_MIN_CHARS = 100;

    record Message(int task, byte[] payload) {
    }

    record Bundle(int connection, List<Message> messages) {
        long rawBytes() {
            long n = 0;
            for (Message m : messages) {
                n += WireCountingContext.NETTY_HEADER + m.payload.length;
            }
            return n;
        }
    }

    /** The floor of a stream of messages, in bytes, by where it comes from. */
    static final class Floor {
        long messages;
        long ids;
        long idBytesWritten;
        double distinctIdBytes;
        /** 8 bytes per id new to its bundle: ids out of the codec with references inside a bundle only. */
        double bundleDistinctIdBytes;
        /** 8 bytes per anchor id new to its bundle among its anchors' ids: only the anchors out of the codec. */
        double bundleDistinctAnchorIdBytes;
        double headerBytes;
        double payloadBytes;
        double valueBytes;
        long payloadTuples;
        long messageIdBytes;
        long valuesBytes;
        long tupleHeaderBytes;
        /** Spout payloads a bundle already held: a codec finds those whatever their entropy. */
        long payloadRepeatsInBundle;
        /** The bundles with every random id zeroed. */
        final List<Bundle> withoutIds = new ArrayList<>();
        /** The bundles with the anchors' ids zeroed, the ackers' longs left in. */
        final List<Bundle> withoutAnchorIds = new ArrayList<>();
        /** The bundles with the ids their connection carried before zeroed (an id-aware encoding's input). */
        final List<Bundle> withoutRepeatedIds = new ArrayList<>();
        /** The bundles with every {@code Long} value as 8 fixed bytes (a values serializer could write them so). */
        final List<Bundle> fixedLongs = new ArrayList<>();

        double total() {
            return distinctIdBytes + headerBytes + payloadBytes + valueBytes;
        }
    }

    private WireFloor() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: WireFloor CAPTURE ACKED events|paragraphs");
            System.exit(2);
        }
        Path capture = Path.of(args[0]);
        long acked = Long.parseLong(args[1]);
        double payloadFloor = switch (args[2]) {
            case "events" -> eventEntropyBits() / 8;
            case "paragraphs" -> paragraphFloorBytes();
            default -> throw new IllegalArgumentException("topology must be events or paragraphs: " + args[2]);
        };
        Map<String, Long> totals = readTotals(Path.of(capture + ".totals"));
        List<Bundle> bundles = read(capture);
        long windowRaw = 0;
        long windowMessages = 0;
        for (Bundle b : bundles) {
            windowRaw += b.rawBytes();
            windowMessages += b.messages.size();
        }
        // Scales the window's bytes (and counts) to the whole run's per acked tuple: the recorder counted every message.
        double perAcked = (double) totals.get("wireBytes") / acked / windowRaw;
        Floor floor = floor(bundles, new TupleBytes(), payloadFloor);
        // The streams' window: below the bytes a connection carries per cycle of the spout's texts, so that the
        // streams do not find the cycle again (-Dwirefloor.window.log=N to try others).
        int windowLog = Integer.getInteger("wirefloor.window.log", 17);
        String window = (1 << windowLog >> 10) + " KB";

        System.out.printf(Locale.ROOT, "# %s: %d acked, %d messages, %d bundles in the run; window %d bundles, %d messages,"
                        + " %.1f MB (%.1f messages per bundle)%n", args[2], acked, totals.get("messages"),
                totals.get("bundles"), bundles.size(), windowMessages, windowRaw / 1e6,
                (double) windowMessages / bundles.size());
        System.out.printf(Locale.ROOT, "# messages per acked tuple %.2f; payload floor per fresh spout tuple %.1f B%n",
                (double) totals.get("messages") / acked, payloadFloor);
        System.out.println();
        System.out.println("| bytes per acked tuple | B | vs raw | vs floor |");
        System.out.println("|---|---:|---:|---:|");
        double floorTotal = floor.total() * perAcked;
        row("raw (Netty header + message)", windowRaw * perAcked, windowRaw * perAcked, floorTotal);
        double raw = windowRaw * perAcked;
        Map<String, Double> sizes = new LinkedHashMap<>();
        for (int level : new int[] {1, 3, 9, 19}) {
            sizes.put("batch zstd " + level + " (a frame per bundle, ids in the codec)",
                    (double) perBundle(bundles, level, 1));
        }
        for (int merge : new int[] {4, 16}) {
            for (int level : new int[] {1, 3}) {
                sizes.put("batch zstd " + level + ", bundles " + merge + "x bigger", (double) perBundle(bundles, level,
                        merge));
            }
        }
        int trainOn = bundles.size() / 4;
        List<Bundle> rest = bundles.subList(trainOn, bundles.size());
        long restRaw = 0;
        for (Bundle b : rest) {
            restRaw += b.rawBytes();
        }
        byte[] dictionary = train(bundles.subList(0, trainOn));
        for (int level : new int[] {1, 3}) {
            // Measured on the bundles after the training quarter, scaled to the whole window.
            sizes.put("batch zstd " + level + " + 110 KB dictionary", (double) withDictionary(rest, level, dictionary)
                    * windowRaw / restRaw);
        }
        for (int level : new int[] {1, 3}) {
            sizes.put("zstd " + level + " stream per connection, flushed per bundle (window " + window + ")",
                    (double) streamed(bundles, level, windowLog));
        }
        sizes.put("zstd 19 over each connection's whole stream, window " + window,
                (double) wholeStream(bundles, windowLog));
        sizes.put("zstd 19 long (2^27) over each connection's whole stream (sees the spout's cycle repeat)",
                (double) wholeStream(bundles, 27));
        sizes.put("batch zstd 1, ids a connection carried before zeroed (an id-aware encoding)",
                (double) perBundle(floor.withoutRepeatedIds, 1, 1));
        for (int level : new int[] {1, 3}) {
            sizes.put("batch zstd " + level + ", the values' Longs as 8 fixed bytes (as the anchors' ids)",
                    (double) perBundle(floor.fixedLongs, level, 1));
        }
        for (int level : new int[] {1, 3}) {
            sizes.put("the batch transport itself at zstd " + level + " (values' Longs fixed, ids apart)"
                    + (level == 1 ? ", shipped" : ""), (double) shipped(floor.fixedLongs, level));
        }
        long zeroedLevel1 = perBundle(floor.withoutIds, 1, 1);
        sizes.put("batch zstd 1 with every random id zeroed", (double) zeroedLevel1);
        // Ids kept out of the codec: each id new to the connection as 8 raw bytes, each repeat a reference (its
        // zeroed bytes, compressed in place, stand for the reference's cost).
        sizes.put("ids out of the codec (8 B a new id) + the rest at batch zstd 1",
                zeroedLevel1 + floor.distinctIdBytes);
        sizes.put("ids out of the codec, references inside a bundle only (no state across bundles), + zstd 1",
                zeroedLevel1 + floor.bundleDistinctIdBytes);
        // What a transport could do without Kryo: only the message ids' anchors are at fixed places in a tuple.
        sizes.put("anchors' ids out of the codec, references inside a bundle only, ackers' longs left in, + zstd 1",
                perBundle(floor.withoutAnchorIds, 1, 1) + floor.bundleDistinctAnchorIdBytes);
        sizes.put("ids out of the codec + the rest as a zstd 3 stream per connection (" + window + ")",
                streamed(floor.withoutIds, 3, windowLog) + floor.distinctIdBytes);
        sizes.put("zstd 19 over each connection's whole stream, window " + window + ", every random id zeroed",
                (double) wholeStream(floor.withoutIds, windowLog));
        for (Map.Entry<String, Double> e : sizes.entrySet()) {
            row(e.getKey(), e.getValue() * perAcked, raw, floorTotal);
        }
        System.out.println();
        System.out.println("| floor per acked tuple | B |");
        System.out.println("|---|---:|");
        System.out.printf(Locale.ROOT, "| random 64-bit ids, each distinct value once per connection (%d ids, %.2f per message; as"
                        + " written %.1f B) | %.1f |%n", floor.ids, (double) floor.ids / floor.messages,
                floor.idBytesWritten * perAcked, floor.distinctIdBytes * perAcked);
        System.out.printf(Locale.ROOT, "| spout tuples' payload, fresh (%.1f B x %.3f crossing per acked) | %.1f |%n",
                payloadFloor, floor.payloadTuples * perAcked, floor.payloadBytes * perAcked);
        System.out.printf(Locale.ROOT, "| bolts' and ackers' other values (order-0 entropy per connection) | %.1f |%n",
                floor.valueBytes * perAcked);
        System.out.printf(Locale.ROOT, "| task and stream ids (order-0 entropy per connection) | %.1f |%n",
                floor.headerBytes * perAcked);
        System.out.printf(Locale.ROOT, "| **floor** | **%.1f** |%n", floorTotal);
        System.out.printf(Locale.ROOT, "# spout payloads repeated inside a bundle: %d of %d%n",
                floor.payloadRepeatsInBundle, floor.payloadTuples);
        System.out.printf(Locale.ROOT, "# raw message parts per acked: Netty header %.1f, task+stream %.1f, message id %.1f,"
                        + " values %.1f%n", floor.messages * 6.0 * perAcked, floor.tupleHeaderBytes * perAcked,
                floor.messageIdBytes * perAcked, floor.valuesBytes * perAcked);
    }

    private static void row(String what, double bytes, double raw, double floor) {
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.3f | %.2f |%n", what, bytes, bytes / raw, bytes / floor);
    }

    /**
     * Bits of fresh randomness in one event of {@code EventSpout.events}: what its generator draws (id 64 bits, the
     * timestamp's step 1-899 ms, type of 10, user 1-249,999, session 32 bits, country of 12, device of 6, section
     * of 7, page 1-19,999, latency 3-2,499, amount 0-49,999 cents, ok with p = 19/20). The benchmark cycles 4,096
     * such events; real events would be fresh.
     */
    static double eventEntropyBits() {
        double ok = -(0.95 * log2(0.95) + 0.05 * log2(0.05));
        return 64 + log2(899) + log2(10) + log2(249_999) + 32 + log2(12) + log2(6) + log2(7) + log2(19_999)
                + log2(2_497) + log2(50_000) + ok;
    }

    /**
     * A fresh paragraph's bytes that cannot shrink, estimated as the bundled text's paragraphs compressed as one
     * stream by zstd at level 19 (prose has less entropy than that; a better model would find ~1-2 bits a
     * character): the spout cycles this text, real text would not repeat.
     */
    static double paragraphFloorBytes() {
        List<String> passages = BundledText.fromResource(BundledText.DEFAULT_RESOURCE)
                .passages(ParagraphSpout.DEFAULT_MIN_LENGTH, ParagraphSpout.DEFAULT_MAX_LENGTH);
        byte[] text = String.join("", passages).getBytes(StandardCharsets.UTF_8);
        try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
            ctx.setLevel(19).setMagicless(true).setContentSize(false).setChecksum(false);
            return (double) ctx.compress(text).length / passages.size();
        }
    }

    static Floor floor(List<Bundle> bundles, TupleBytes parser, double payloadFloor) {
        Floor floor = new Floor();
        Map<Integer, Set<Long>> seenIds = new HashMap<>();
        Map<Integer, Map<String, Long>> headers = new HashMap<>();
        Map<Integer, Map<String, Long>> values = new HashMap<>();
        for (Bundle b : bundles) {
            Set<Long> seen = seenIds.computeIfAbsent(b.connection, c -> new HashSet<>());
            Set<String> payloads = new HashSet<>();
            Set<Long> inBundle = new HashSet<>();
            Set<Long> anchorsInBundle = new HashSet<>();
            List<Message> zeroed = new ArrayList<>(b.messages.size());
            floor.withoutIds.add(new Bundle(b.connection, zeroed));
            List<Message> anchorsZeroed = new ArrayList<>(b.messages.size());
            floor.withoutAnchorIds.add(new Bundle(b.connection, anchorsZeroed));
            List<Message> firstOnly = new ArrayList<>(b.messages.size());
            floor.withoutRepeatedIds.add(new Bundle(b.connection, firstOnly));
            List<Message> fixed = new ArrayList<>(b.messages.size());
            floor.fixedLongs.add(new Bundle(b.connection, fixed));
            for (Message m : b.messages) {
                TupleBytes.Parts parts = parser.parse(m.payload);
                fixed.add(new Message(m.task, parser.withFixedLongs(m.payload)));
                zeroed.add(new Message(m.task, parts.withoutIds(m.payload)));
                anchorsZeroed.add(new Message(m.task, parts.withoutAnchorIds(m.payload)));
                for (long anchorId : parts.ids().subList(0, parts.anchorIds())) {
                    if (anchorsInBundle.add(anchorId)) {
                        floor.bundleDistinctAnchorIdBytes += 8;
                    }
                }
                firstOnly.add(new Message(m.task, parts.without(m.payload, seen::contains)));
                floor.messages++;
                floor.tupleHeaderBytes += parts.headerBytes();
                floor.messageIdBytes += parts.messageIdBytes();
                floor.valuesBytes += parts.valuesBytes();
                for (long id : parts.ids()) {
                    floor.ids++;
                    floor.idBytesWritten += 8;
                    if (seen.add(id)) {
                        floor.distinctIdBytes += 8;
                    }
                    if (inBundle.add(id)) {
                        floor.bundleDistinctIdBytes += 8;
                    }
                }
                headers.computeIfAbsent(b.connection, c -> new HashMap<>())
                        .merge(m.task + "/" + parts.sourceTask() + "/" + parts.stream(), 1L, Long::sum);
                for (Object value : parts.otherValues()) {
                    if (value instanceof String s && s.length() >= PAYLOAD_MIN_CHARS) {
                        floor.payloadTuples++;
                        floor.payloadBytes += payloadFloor;
                        if (!payloads.add(s)) {
                            floor.payloadRepeatsInBundle++;
                        }
                    } else {
                        values.computeIfAbsent(b.connection, c -> new HashMap<>())
                                .merge(parts.stream() + ":" + value.getClass().getSimpleName() + ":" + value, 1L,
                                        Long::sum);
                    }
                }
            }
        }
        floor.headerBytes = entropyBytes(headers);
        floor.valueBytes = entropyBytes(values);
        return floor;
    }

    /** Sum over connections of each symbol's count times its order-0 information, in bytes. */
    static double entropyBytes(Map<Integer, Map<String, Long>> countsPerConnection) {
        double bits = 0;
        for (Map<String, Long> counts : countsPerConnection.values()) {
            long n = 0;
            for (long c : counts.values()) {
                n += c;
            }
            for (long c : counts.values()) {
                bits += c * -log2((double) c / n);
            }
        }
        return bits / 8;
    }

    /**
     * Wire bytes the batch transport itself sends for the bundles: each bundle handed to a connection of a
     * {@link BatchCompressionContext} (one per recorded connection, {@code when: always}, zstd at {@code level},
     * every other setting as shipped) over a transport that only counts.
     */
    static long shipped(List<Bundle> bundles, int level) {
        IContext transport = new BatchCompressionContext();
        prepare(transport, transportConf(level));
        Map<Integer, IConnection> connections = new HashMap<>();
        List<WireCountingContext.Counting> wires = new ArrayList<>();
        for (Bundle b : bundles) {
            IConnection connection = connections.computeIfAbsent(b.connection, c -> {
                IConnection made = transport.connect("floor-1-1", "peer", 6700 + c, null);
                wires.add(WireCountingContext.last);
                return made;
            });
            List<TaskMessage> messages = new ArrayList<>(b.messages.size());
            for (Message m : b.messages) {
                messages.add(new TaskMessage(m.task, m.payload));
            }
            connection.send(messages.iterator());
        }
        long wire = 0;
        for (WireCountingContext.Counting w : wires) {
            wire += w.wireBytes;
        }
        return wire;
    }

    /**
     * A batch topology's config as its workers' transport reads it (fluxext's tuple serializer, so the values carry
     * their {@code Long}s' mask), every bundle compressed at zstd {@code level}, over a transport that only counts.
     */
    public static Map<String, Object> transportConf(int level) {
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.STORM_MESSAGING_TRANSPORT, BatchCompressionContext.class.getName());
        CompressionSetup.enable(conf, Map.of());
        conf.put(BatchCompressionOptions.DELEGATE_KEY, WireCountingContext.class.getName());
        conf.put(BatchCompressionOptions.ZSTD_LEVEL.key(), level);
        conf.put(BatchCompressionOptions.WHEN.key(), "always");
        conf.put(BatchCompressionOptions.LOG_INTERVAL_SECS.key(), 0);
        return conf;
    }

    @SuppressWarnings("deprecation")
    private static void prepare(IContext transport, Map<String, Object> conf) {
        transport.prepare(conf);
    }

    /**
     * Wire bytes with every bundle framed as the batch transport framed them before it took Storm's ids apart (a
     * frame per bundle, its whole body through the codec): bundles of {@code merge} recorded ones, split at its
     * limit.
     */
    static long perBundle(List<Bundle> bundles, int level, int merge) {
        try (ZstdCompressCtx ctx = codec(level)) {
            long wire = 0;
            Map<Integer, List<Message>> pending = new HashMap<>();
            Map<Integer, Integer> merged = new HashMap<>();
            for (Bundle b : bundles) {
                List<Message> messages = pending.computeIfAbsent(b.connection, c -> new ArrayList<>());
                messages.addAll(b.messages);
                if (merged.merge(b.connection, 1, Integer::sum) == merge) {
                    wire += frames(ctx, messages);
                    messages.clear();
                    merged.put(b.connection, 0);
                }
            }
            for (List<Message> messages : pending.values()) {
                wire += frames(ctx, messages);
            }
            return wire;
        }
    }

    private static long frames(ZstdCompressCtx ctx, List<Message> messages) {
        long wire = 0;
        int from = 0;
        while (from < messages.size()) {
            int to = from;
            int size = 5;
            while (to < messages.size() && (to == from || size + entrySize(messages.get(to)) <= MAX_BATCH_BYTES)) {
                size += entrySize(messages.get(to++));
            }
            wire += frame(ctx, body(messages.subList(from, to)));
            from = to;
        }
        return wire;
    }

    /** A bundle's frame on the wire, Netty's header included: compressed, or raw if that is not smaller. */
    static long frame(ZstdCompressCtx ctx, byte[] body) {
        int n = ctx.compress(body).length;
        long compressed = 1 + varIntLength(body.length) + varIntLength(n) + n;
        return WireCountingContext.NETTY_HEADER + Math.min(compressed, 1 + body.length);
    }

    /** The batch transport's body: message count, then per message task, length and payload (varints). */
    static byte[] body(List<Message> messages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarInt(out, messages.size());
        for (Message m : messages) {
            writeVarInt(out, m.task);
            writeVarInt(out, m.payload.length);
            out.writeBytes(m.payload);
        }
        return out.toByteArray();
    }

    private static int entrySize(Message m) {
        return varIntLength(m.task) + varIntLength(m.payload.length) + m.payload.length;
    }

    static byte[] train(List<Bundle> bundles) {
        long total = 0;
        for (Bundle b : bundles) {
            for (Message m : b.messages) {
                total += m.payload.length;
            }
        }
        ZstdDictTrainer trainer = new ZstdDictTrainer((int) Math.min(total, 64 << 20), 112_640);
        for (Bundle b : bundles) {
            for (Message m : b.messages) {
                trainer.addSample(m.payload);
            }
        }
        return trainer.trainSamples();
    }

    static long withDictionary(List<Bundle> bundles, int level, byte[] dictionary) {
        try (ZstdCompressCtx ctx = codec(level)) {
            ctx.loadDict(dictionary);
            long wire = 0;
            for (Bundle b : bundles) {
                // A dictionary id varint in the frame's header (the format reserves it): one byte.
                wire += frame(ctx, body(b.messages)) + 1;
            }
            return wire;
        }
    }

    /**
     * One zstd stream per connection, flushed at each bundle (later bundles refer to earlier ones): each bundle
     * costs Netty's header, a frame header (header byte and two varints) and what the flush wrote.
     */
    static long streamed(List<Bundle> bundles, int level, int windowLog) throws IOException {
        Map<Integer, ZstdOutputStreamNoFinalizer> streams = new HashMap<>();
        CountingStream counter = new CountingStream();
        long wire = 0;
        try {
            for (Bundle b : bundles) {
                ZstdOutputStreamNoFinalizer z = streams.get(b.connection);
                if (z == null) {
                    z = new ZstdOutputStreamNoFinalizer(counter, level);
                    z.setWindowLog(windowLog);
                    streams.put(b.connection, z);
                }
                byte[] body = body(b.messages);
                long before = counter.count;
                z.write(body);
                z.flush();
                long n = counter.count - before;
                wire += WireCountingContext.NETTY_HEADER + 1 + varIntLength(body.length) + varIntLength((int) n) + n;
            }
        } finally {
            for (ZstdOutputStreamNoFinalizer z : streams.values()) {
                z.close();
            }
        }
        return wire;
    }

    /**
     * Each connection's bodies as one stream, zstd 19 with a window of 2^{@code windowLog} bytes (long-distance
     * matching from 2^21 on): no framing at all, a bound on what context across bundles can give.
     */
    static long wholeStream(List<Bundle> bundles, int windowLog) {
        Map<Integer, ByteArrayOutputStream> streams = new HashMap<>();
        for (Bundle b : bundles) {
            streams.computeIfAbsent(b.connection, c -> new ByteArrayOutputStream()).writeBytes(body(b.messages));
        }
        long wire = 0;
        try (ZstdCompressCtx ctx = codec(19)) {
            if (windowLog > 20) {
                ctx.setLong(windowLog);
            } else {
                ctx.setWindowLog(windowLog);
            }
            for (ByteArrayOutputStream s : streams.values()) {
                wire += ctx.compress(s.toByteArray()).length;
            }
        }
        return wire;
    }

    private static ZstdCompressCtx codec(int level) {
        ZstdCompressCtx ctx = new ZstdCompressCtx();
        // As the transport's codec writes a block: no magic number, content size or checksum.
        ctx.setLevel(level).setMagicless(true).setContentSize(false).setChecksum(false);
        return ctx;
    }

    static List<Bundle> read(Path capture) throws IOException {
        List<Bundle> bundles = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(capture), 1 << 20))) {
            while (true) {
                int connection;
                try {
                    connection = in.readInt();
                } catch (EOFException end) {
                    return bundles;
                }
                in.readUTF();
                int count = in.readInt();
                List<Message> messages = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    int task = in.readShort();
                    byte[] payload = new byte[in.readInt()];
                    in.readFully(payload);
                    messages.add(new Message(task, payload));
                }
                bundles.add(new Bundle(connection, messages));
            }
        }
    }

    static Map<String, Long> readTotals(Path totals) throws IOException {
        Map<String, Long> map = new HashMap<>();
        for (String line : Files.readAllLines(totals)) {
            String[] kv = line.split(" ");
            map.put(kv[0], Long.parseLong(kv[1]));
        }
        return map;
    }

    private static void writeVarInt(ByteArrayOutputStream out, int value) {
        while ((value & ~0x7F) != 0) {
            out.write((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        out.write(value);
    }

    private static int varIntLength(int value) {
        int n = 1;
        while ((value & ~0x7F) != 0) {
            value >>>= 7;
            n++;
        }
        return n;
    }

    private static double log2(double x) {
        return Math.log(x) / Math.log(2);
    }

    private static final class CountingStream extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }
}
