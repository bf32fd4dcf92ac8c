package dev.fluxext.tls;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts this JVM's failed worker-to-worker TLS connections by reason, and notes the protocols and cipher suites its
 * handshakes negotiated. Storm's Netty handlers already log each failure (the server with the exception, the client
 * with its message) and Netty's SSL handler logs each handshake at DEBUG; neither offers another hook, so this
 * listens to those loggers through Log4j 2, which every Storm worker uses, sorts each failure into a {@link Reason}
 * and logs each newly negotiated suite once at INFO. A local run shows both in its progress lines and summary; on a
 * cluster, the worker log tells them, and the counts are worker metrics ({@link TlsGauges}). An incoming connection
 * refused is logged by {@link RefusalLines} (one line, rate-limited per peer) instead of Storm's stack trace.
 */
public final class TlsFailures {

    /** Why a connection failed, as far as the message tells. */
    public enum Reason {
        NOT_TLS("peer does not speak TLS"),
        /** Also a peer whose certificates are all from another CA: the server names its CAs, and Storm's key manager
         * then offers none. */
        NO_CERTIFICATE("peer sent no certificate from a trusted CA"),
        EXPIRED("expired certificate"),
        UNTRUSTED("certificate not trusted (another CA)"),
        HOST_NAME_CHECK("host name check (Storm 2.8's Netty)"),
        NO_KEY("no usable key"),
        OTHER("other TLS error");

        private final String text;

        Reason(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    static final String SERVER_LOGGER = "org.apache.storm.messaging.netty.StormServerHandler";
    static final String CLIENT_LOGGER = "org.apache.storm.messaging.netty.StormClientHandler";
    /** Storm 2.8 logs a failed handshake here, at either end. */
    static final String DECODER_LOGGER = "org.apache.storm.messaging.netty.MessageDecoder";
    /** The shaded Netty's SSL handler: "HANDSHAKEN: protocol:{} cipher suite:{}" at DEBUG for each handshake. */
    static final String HANDSHAKE_LOGGER = "org.apache.storm.shade.io.netty.handler.ssl.SslHandler";
    /** Storm's Netty server threads: an event logged on one is about an incoming connection. */
    private static final String SERVER_THREADS = "Netty-server";
    private static final Logger LOG = LoggerFactory.getLogger(TlsFailures.class);
    private static final Map<Reason, LongAdder> INCOMING = new ConcurrentHashMap<>();
    private static final Map<Reason, LongAdder> OUTGOING = new ConcurrentHashMap<>();
    private static final Pattern HANDSHAKEN = Pattern.compile("HANDSHAKEN: protocol:(\\S+) cipher suite:(\\S+)");
    private static final Set<String> NEGOTIATED = ConcurrentHashMap.newKeySet();
    private static final RefusalLines REFUSALS = new RefusalLines();
    private static volatile boolean watching;

    private TlsFailures() {
    }

    /** Starts listening (once per JVM); without Log4j 2 (not a Storm worker), failures are only in Storm's log. */
    static synchronized void watch() {
        if (watching) {
            return;
        }
        try {
            if (!(LogManager.getContext(false) instanceof LoggerContext context)) {
                LOG.warn("worker TLS: Storm's log is not Log4j 2 here: failed handshakes are logged by Storm, not counted");
                return;
            }
            Configuration config = context.getConfiguration();
            Listener listener = new Listener();
            listener.start();
            config.addAppender(listener);
            for (String name : new String[] {SERVER_LOGGER, CLIENT_LOGGER, DECODER_LOGGER}) {
                LoggerConfig logger = config.getLoggerConfig(name);
                if (!logger.getName().equals(name)) {
                    // Storm logs client failures at INFO: make sure they reach the listener whatever the root level.
                    logger = new LoggerConfig(name, Level.INFO, true);
                    config.addLogger(name, logger);
                }
                if (!name.equals(CLIENT_LOGGER)) {
                    logger.addFilter(new Refusals());
                }
                logger.addAppender(listener, Level.INFO, null);
            }
            watchHandshakes(config, listener);
            context.updateLoggers();
            watching = true;
        } catch (LinkageError e) {
            LOG.warn("worker TLS: no Log4j 2 here: failed handshakes are logged by Storm, not counted");
        }
    }

    /**
     * Netty's handshake lines are DEBUG: they go to the listener alone, while what the SSL handler logs at INFO or
     * above still reaches the appenders it reached before.
     */
    private static void watchHandshakes(Configuration config, Listener listener) {
        LoggerConfig before = config.getLoggerConfig(HANDSHAKE_LOGGER);
        if (before.getName().equals(HANDSHAKE_LOGGER)) {
            before.addAppender(listener, Level.DEBUG, null);
            return;
        }
        LoggerConfig handshakes = new LoggerConfig(HANDSHAKE_LOGGER, Level.DEBUG, false);
        handshakes.addAppender(listener, Level.DEBUG, null);
        Level level = before.getLevel() != null && before.getLevel().isMoreSpecificThan(Level.INFO)
                ? before.getLevel() : Level.INFO;
        for (LoggerConfig up = before; up != null; up = up.isAdditive() ? up.getParent() : null) {
            up.getAppenders().values().stream().filter(a -> a != listener)
                    .forEach(a -> handshakes.addAppender(a, level, null));
        }
        config.addLogger(HANDSHAKE_LOGGER, handshakes);
    }

    /** The protocols and cipher suites this JVM's worker connections negotiated, as "TLSv1.3 TLS_AES_128_GCM_SHA256". */
    public static Set<String> negotiated() {
        return new TreeSet<>(NEGOTIATED);
    }

    /** Incoming connections refused so far (a worker's server kept the peer out), by reason; reasons seen only. */
    public static Map<Reason, Long> incoming() {
        return snapshot(INCOMING);
    }

    /** Outgoing connections that failed so far (this worker could not get in), by reason; reasons seen only. */
    public static Map<Reason, Long> outgoing() {
        return snapshot(OUTGOING);
    }

    /** Connections failed so far for {@code reason}: incoming (refused by this worker's server) or outgoing. */
    static long counted(Reason reason, boolean incoming) {
        LongAdder count = (incoming ? INCOMING : OUTGOING).get(reason);
        return count == null ? 0 : count.sum();
    }

    /** Connections failed so far for any reason, incoming or outgoing. */
    public static long counted(boolean incoming) {
        return (incoming ? INCOMING : OUTGOING).values().stream().mapToLong(LongAdder::sum).sum();
    }

    private static Map<Reason, Long> snapshot(Map<Reason, LongAdder> counts) {
        Map<Reason, Long> out = new TreeMap<>();
        counts.forEach((reason, count) -> out.put(reason, count.sum()));
        return out;
    }

    /** The engine Storm's Netty uses in this JVM; asking decides it, so ask only once workers have started. */
    public static String engine() {
        return TlsEngine.current().description();
    }

    /** For tests and a new local run. */
    public static void reset() {
        INCOMING.clear();
        OUTGOING.clear();
        NEGOTIATED.clear();
    }

    /**
     * The counts in words, empty when there are none: "TLS: 3 incoming connections refused (2 certificate not trusted
     * (another CA), 1 peer does not speak TLS); 1 outgoing failed (1 ...)".
     */
    public static String describe() {
        Map<Reason, Long> in = incoming();
        Map<Reason, Long> out = outgoing();
        if (in.isEmpty() && out.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("TLS: ");
        if (!in.isEmpty()) {
            text.append(counts(in, "incoming connection", " refused"));
        }
        if (!out.isEmpty()) {
            text.append(in.isEmpty() ? "" : "; ").append(counts(out, "outgoing connection", " failed"));
        }
        return text.toString();
    }

    private static String counts(Map<Reason, Long> counts, String what, String verb) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder out = new StringBuilder(total + " " + what + (total == 1 ? "" : "s") + verb);
        String separator = " (";
        for (Map.Entry<Reason, Long> e : counts.entrySet()) {
            out.append(separator).append(e.getValue()).append(' ').append(e.getKey().text());
            separator = ", ";
        }
        return out.append(')').toString();
    }

    /** The reason in a failure's exception chain or message, or null for a failure that is not TLS's. */
    static Reason classify(Throwable thrown, String message) {
        StringBuilder text = new StringBuilder(message == null ? "" : message);
        boolean tls = false;
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            text.append(' ').append(t.getClass().getName()).append(' ').append(t.getMessage());
            tls |= t instanceof javax.net.ssl.SSLException || t instanceof java.security.cert.CertificateException
                    || t.getClass().getName().endsWith("NotSslRecordException");
        }
        String all = text.toString().toLowerCase(Locale.ROOT);
        tls |= all.contains("ssl") || all.contains("tls") || all.contains("certificate") || all.contains("handshake");
        if (!tls) {
            return null;
        }
        if (all.contains("notsslrecord") || all.contains("not an ssl/tls record") || all.contains("wrong_version_number")) {
            return Reason.NOT_TLS;
        }
        if (all.contains("hostname or ip address is undefined") || all.contains("no subject alternative")) {
            return Reason.HOST_NAME_CHECK;
        }
        if (all.contains("expired") || all.contains("notafter")) {
            return Reason.EXPIRED;
        }
        if (all.contains("certificate_required") || all.contains("peer_did_not_return_a_certificate")
                || all.contains("empty client certificate chain") || all.contains("empty server certificate chain")
                || all.contains("peer not authenticated") || all.contains("no client certificate")) {
            return Reason.NO_CERTIFICATE;
        }
        if (all.contains("pkix") || all.contains("unknown_ca") || all.contains("certificate_unknown")
                || all.contains("certificate_verify_failed") || all.contains("bad_certificate")
                || all.contains("unable to find valid certification path") || all.contains("untrusted")) {
            return Reason.UNTRUSTED;
        }
        if (all.contains("no available authentication scheme") || all.contains("no_cipher") || all.contains("no key")) {
            return Reason.NO_KEY;
        }
        return Reason.OTHER;
    }

    static void count(Reason reason, boolean incoming) {
        (incoming ? INCOMING : OUTGOING).computeIfAbsent(reason, r -> new LongAdder()).increment();
    }

    /** Notes a handshake's protocol and suite from Netty's line (formatted before Log4j sees it); logs each new one. */
    static void handshaken(String line) {
        Matcher m = HANDSHAKEN.matcher(line);
        if (m.find() && NEGOTIATED.add(m.group(1) + " " + m.group(2))) {
            LOG.info("worker TLS: negotiated {} with cipher suite {}", m.group(1), m.group(2));
        }
    }

    /**
     * On the loggers where Storm reports a connection its server refused: counts the refusal and has
     * {@link RefusalLines} log it, in place of Storm's event (denied, so neither the log nor the listener gets it).
     */
    private static final class Refusals extends AbstractFilter {
        @Override
        public Result filter(LogEvent event) {
            if (event.getThreadName() == null || !event.getThreadName().startsWith(SERVER_THREADS)) {
                return Result.NEUTRAL;
            }
            String message = event.getMessage().getFormattedMessage();
            Reason reason = classify(event.getThrown(), message);
            if (reason == null) {
                return Result.NEUTRAL;
            }
            count(reason, true);
            REFUSALS.refused(RefusalLines.peer(message), reason, event.getThrown(), System.nanoTime());
            return Result.DENY;
        }
    }

    /** The appender on Storm's Netty handler loggers and Netty's SSL handler. */
    private static final class Listener extends AbstractAppender {
        Listener() {
            super("fluxext-tls-failures", null, null, true, Property.EMPTY_ARRAY);
        }

        @Override
        public void append(LogEvent event) {
            if (HANDSHAKE_LOGGER.equals(event.getLoggerName())) {
                handshaken(event.getMessage().getFormattedMessage());
                return;
            }
            Reason reason = classify(event.getThrown(), event.getMessage().getFormattedMessage());
            if (reason != null) {
                count(reason, event.getThreadName() != null && event.getThreadName().startsWith(SERVER_THREADS));
            }
        }
    }
}
