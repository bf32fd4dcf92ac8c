package dev.fluxext.tls;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The worker log's line for a refused incoming connection, in place of Storm's (an ERROR with a stack trace of about
 * 30 lines, for anyone who can reach the port): one WARN line naming the peer and the reason, at most one a minute
 * per peer address, each with the count since the previous one, as OpenSSH's per-source penalties keep its log
 * readable. The stack trace is logged at DEBUG.
 */
final class RefusalLines {

    static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** Beyond this many peers (an attack from many addresses) the rest share one entry: memory stays bounded. */
    static final int MAX_PEERS = 4096;
    static final String OTHER_PEERS = "other addresses";

    private static final Logger LOG = LoggerFactory.getLogger(RefusalLines.class);
    /** Storm's server handler: "... the request from /127.0.0.1:54321"; its decoder: "[id: ..., L:/... - R:/h:p]". */
    private static final Pattern PEER = Pattern.compile("(?:request from |R:)/?([^\\s\\]]+):\\d+");

    private final Map<String, Peer> peers = new ConcurrentHashMap<>();

    /** Refusals of one peer address: how many since its last line, and when that was. */
    private static final class Peer {
        long sinceLine;
        long total;
        long lastLineNanos;
        boolean logged;
    }

    /** The peer's address in Storm's message about the connection, or "an unknown address". */
    static String peer(String message) {
        Matcher m = message == null ? null : PEER.matcher(message);
        return m != null && m.find() ? m.group(1) : "an unknown address";
    }

    /** Notes a refused connection; returns the line logged for it, or null when this peer had one within the minute. */
    String refused(String peer, TlsFailures.Reason reason, Throwable thrown, long nowNanos) {
        String key = peers.size() >= MAX_PEERS && !peers.containsKey(peer) ? OTHER_PEERS : peer;
        Peer p = peers.computeIfAbsent(key, k -> new Peer());
        String line = null;
        synchronized (p) {
            p.sinceLine++;
            p.total++;
            if (!p.logged || nowNanos - p.lastLineNanos >= INTERVAL_NANOS) {
                line = "worker TLS: refused a connection from " + key + ": " + reason.text() + summary(thrown)
                        + (p.total == 1 ? "" : "; " + p.sinceLine + " refused from it since its last line, " + p.total
                        + " in all") + " (at most one line a minute per address; the stack trace at DEBUG)";
                p.logged = true;
                p.lastLineNanos = nowNanos;
                p.sinceLine = 0;
            }
        }
        if (line != null) {
            LOG.warn(line);
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("worker TLS: refused a connection from {}", peer, thrown);
        }
        return line;
    }

    /** The innermost exception's class and the start of its message: enough to tell one refusal from another. */
    private static String summary(Throwable thrown) {
        Throwable root = thrown;
        while (root != null && root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root == null) {
            return "";
        }
        String message = String.valueOf(root.getMessage());
        return " (" + root.getClass().getSimpleName() + ": "
                + (message.length() > 120 ? message.substring(0, 120) + "..." : message) + ")";
    }
}
