package dev.fluxext.examples.hosts;

import dev.fluxext.cli.Certificates;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Knocks once at a worker's port the way an outsider would and says whether it got in: the probe a multi-host test
 * runs from a host outside the topology (a child JVM with the examples' test classpath).
 *
 * <pre>TlsProbe [--from ADDRESS] HOST:PORT MODE [KEYSTORE PASSWORD_FILE]</pre>
 *
 * MODE is {@code plaintext} (Storm frames without a handshake), {@code no-cert} (TLS, no client certificate),
 * {@code other-ca} (TLS with a certificate of a CA the probe makes itself, sent even though the server names other
 * CAs) or {@code wrong-host} (TLS with the certificate in KEYSTORE, whose password is the first line of
 * PASSWORD_FILE: one the topology's CA issued for another host). {@code --from} binds the probe's end to ADDRESS.
 * The probe trusts any server certificate: it tests who the server lets in, not the server.
 *
 * <p>It prints one line, {@code probe MODE HOST:PORT refused|accepted|error (reason)}, and exits 0 when refused (the
 * handshake failed, or the peer closed or reset the connection), 1 when accepted (the handshake completed, or for
 * {@code plaintext} the connection stayed up, and the peer sent data or kept the connection open for
 * {@link #SETTLE}), 2 on an error, including a port it cannot connect to.
 *
 * <p>The only application bytes it sends are Storm's end-of-batch frames, which a worker's decoder skips: a probe
 * that gets in delivers nothing to the topology.
 */
public final class TlsProbe {

    /** How long an open connection must stay open, silent or not, to count as accepted. */
    public static final Duration SETTLE = Duration.ofSeconds(3);
    private static final Duration CONNECT = Duration.ofSeconds(5);
    /** Storm's end-of-batch control code (-201), five times: enough bytes for a TLS server to see a non-TLS record. */
    private static final byte[] END_OF_BATCH_FRAMES = {
        (byte) 0xff, 0x37, (byte) 0xff, 0x37, (byte) 0xff, 0x37, (byte) 0xff, 0x37, (byte) 0xff, 0x37};
    private static final String ALIAS = "probe";

    /** How the probe knocks. */
    public enum Mode {
        PLAINTEXT, NO_CERT, OTHER_CA, WRONG_HOST;

        public String argument() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Mode of(String argument) {
            for (Mode mode : values()) {
                if (mode.argument().equals(argument)) {
                    return mode;
                }
            }
            throw new IllegalArgumentException("unknown mode " + argument + ": use one of "
                    + Arrays.stream(values()).map(Mode::argument).toList());
        }
    }

    /** What happened: refused or accepted, and why. */
    public record Outcome(boolean refused, String reason) {

        public int exitCode() {
            return refused ? 0 : 1;
        }

        public String word() {
            return refused ? "refused" : "accepted";
        }
    }

    private TlsProbe() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /** Runs the probe as {@link #main} does; the exit code. */
    public static int run(String[] args, PrintStream out) {
        List<String> rest = Arrays.asList(args);
        InetAddress from = null;
        String mode = rest.size() > 1 ? rest.get(1) : "?";
        String target = rest.isEmpty() ? "?" : rest.get(0);
        try {
            if (rest.size() >= 2 && rest.get(0).equals("--from")) {
                from = InetAddress.getByName(rest.get(1));
                rest = rest.subList(2, rest.size());
                mode = rest.size() > 1 ? rest.get(1) : "?";
                target = rest.isEmpty() ? "?" : rest.get(0);
            }
            if (rest.size() < 2) {
                throw new IllegalArgumentException(
                        "usage: TlsProbe [--from ADDRESS] HOST:PORT MODE [KEYSTORE PASSWORD_FILE]");
            }
            int colon = target.lastIndexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("HOST:PORT expected, not " + target);
            }
            Mode chosen = Mode.of(mode);
            if ((chosen == Mode.WRONG_HOST) != (rest.size() == 4) || rest.size() > 4) {
                throw new IllegalArgumentException(chosen == Mode.WRONG_HOST
                        ? "wrong-host needs KEYSTORE PASSWORD_FILE" : mode + " takes no stores");
            }
            KeyManager[] keys = switch (chosen) {
                case PLAINTEXT, NO_CERT -> null;
                case OTHER_CA -> new KeyManager[] {ofAnotherCa()};
                case WRONG_HOST -> new KeyManager[] {fromKeystore(Path.of(rest.get(2)), Path.of(rest.get(3)))};
            };
            Outcome outcome = probe(from, new InetSocketAddress(target.substring(0, colon),
                    Integer.parseInt(target.substring(colon + 1))), chosen, keys);
            out.println("probe " + mode + " " + target + " " + outcome.word() + " (" + outcome.reason() + ")");
            return outcome.exitCode();
        } catch (Exception e) {
            out.println("probe " + mode + " " + target + " error (" + e.getMessage() + ")");
            return 2;
        }
    }

    /**
     * Knocks at {@code target} from {@code from} (any local address when null), presenting {@code keys} (none when
     * null) unless the mode is plaintext.
     *
     * @throws IOException when it cannot connect at all
     */
    public static Outcome probe(InetAddress from, InetSocketAddress target, Mode mode, KeyManager[] keys)
            throws IOException, GeneralSecurityException {
        Socket socket = new Socket();
        try {
            if (from != null) {
                socket.bind(new InetSocketAddress(from, 0));
            }
            try {
                socket.connect(target, (int) CONNECT.toMillis());
            } catch (IOException e) {
                throw new IOException("cannot connect from " + (from == null ? "any address" : from.getHostAddress())
                        + ": " + e.getMessage(), e);
            }
            socket.setSoTimeout((int) SETTLE.toMillis());
            if (mode == Mode.PLAINTEXT) {
                return afterSending(socket, "connected in plaintext");
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, new TrustManager[] {new TrustingAnyServer()}, null);
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket,
                    target.getHostString(), target.getPort(), true);
            tls.setUseClientMode(true);
            tls.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
            try {
                tls.startHandshake();
            } catch (IOException e) {
                return new Outcome(true, "handshake failed: " + e.getMessage());
            }
            return afterSending(tls, "handshake " + tls.getSession().getProtocol() + " "
                    + tls.getSession().getCipherSuite() + " completed");
        } finally {
            socket.close();
        }
    }

    /** Sends the end-of-batch frames and waits for the peer: data or silence is accepted, a close refused. */
    private static Outcome afterSending(Socket socket, String done) {
        Instant start = Instant.now();
        try {
            OutputStream out = socket.getOutputStream();
            out.write(END_OF_BATCH_FRAMES);
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[4096];
            int read = in.read(buffer);
            if (read < 0) {
                return new Outcome(true, done + ", then the peer closed the connection");
            }
            // Data from the peer: it serves this connection. It must not close it right after, though.
            try {
                while (Duration.between(start, Instant.now()).compareTo(SETTLE) < 0) {
                    if (in.read(buffer) < 0) {
                        return new Outcome(true, done + ", the peer sent " + read + " bytes, then closed");
                    }
                }
            } catch (SocketTimeoutException stillOpen) {
                // open for the whole settle time
            }
            return new Outcome(false, done + ", the peer sent " + read + " bytes and kept the connection open");
        } catch (SocketTimeoutException silent) {
            return new Outcome(false, done + ", the peer kept the connection open " + SETTLE.toSeconds()
                    + " s without a word");
        } catch (SSLException e) {
            return new Outcome(true, done + ", then the peer refused: " + e.getMessage());
        } catch (IOException e) {
            return new Outcome(true, done + ", then the connection failed: " + e.getMessage());
        }
    }

    /** A key and certificate of a CA made here, which no topology trusts. */
    private static KeyManager ofAnotherCa() {
        Instant now = Instant.now();
        Certificates.Validity validity = new Certificates.Validity(now.minus(Duration.ofHours(1)),
                now.plus(Duration.ofDays(1)));
        KeyPair caKeys = Certificates.newKeyPair();
        X509Certificate ca = Certificates.ca(caKeys, "fluxext TlsProbe's own CA", validity);
        KeyPair keys = Certificates.newKeyPair();
        X509Certificate certificate = Certificates.issue(ca, caKeys.getPrivate(), keys.getPublic(), "intruder",
                List.of(), validity, Certificates.WORKER_PURPOSES);
        return new AlwaysOffering(keys.getPrivate(), new X509Certificate[] {certificate, ca});
    }

    /** The first key entry of a keystore (PKCS12 or JKS), whose password is the file's first line. */
    private static KeyManager fromKeystore(Path file, Path passwordFile) throws IOException, GeneralSecurityException {
        char[] password = Files.readAllLines(passwordFile, StandardCharsets.UTF_8).stream().findFirst()
                .orElseThrow(() -> new IllegalArgumentException(passwordFile + " is empty")).toCharArray();
        KeyStore store = KeyStore.getInstance(file.toFile(), password);
        for (String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias)) {
                Certificate[] chain = store.getCertificateChain(alias);
                return new AlwaysOffering((PrivateKey) store.getKey(alias, password),
                        Arrays.copyOf(chain, chain.length, X509Certificate[].class));
            }
        }
        throw new IllegalArgumentException(file + " holds no private key");
    }

    /**
     * Offers its one certificate whatever CAs the server names. The JDK's own key manager offers only a certificate
     * from a CA the server lists, so a client with another CA's certificate would send none and be refused as
     * certificate-less, never as untrusted.
     */
    private static final class AlwaysOffering extends X509ExtendedKeyManager {
        private final PrivateKey key;
        private final X509Certificate[] chain;

        AlwaysOffering(PrivateKey key, X509Certificate[] chain) {
            this.key = key;
            this.chain = chain;
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return ALIAS;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return ALIAS;
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {ALIAS};
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return ALIAS.equals(alias) ? chain.clone() : null;
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return ALIAS.equals(alias) ? key : null;
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return null;
        }
    }

    /** The probe asks who the server lets in, not who the server is. */
    private static final class TrustingAnyServer extends X509ExtendedTrustManager {
        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws
                java.security.cert.CertificateException {
            throw new java.security.cert.CertificateException("the probe is never a server");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws
                java.security.cert.CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws
                java.security.cert.CertificateException {
            checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
