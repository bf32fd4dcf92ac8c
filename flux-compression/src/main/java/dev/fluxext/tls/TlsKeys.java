package dev.fluxext.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The config keys of worker-to-worker TLS: Storm's own ({@code storm.messaging.netty.tls.*}, since 2.6.4 and 2.7.0)
 * and ours, which say where a worker finds the password. The topology config holds only what is not secret (paths,
 * the name of the environment variable or the path of the password file); {@link #forStorm} makes the copy with the
 * passwords that a worker hands Storm's Netty transport, and that copy is never submitted or logged.
 */
public final class TlsKeys {

    /** The transport {@link TlsContext} wraps ({@code org.apache.storm.messaging.netty.Context} by default). */
    public static final String DELEGATE = "fluxext.tls.delegate";
    /** The worker's environment variable holding the stores' password. */
    public static final String PASSWORD_ENV = "fluxext.tls.password.env";
    /** A file on the worker's host holding the stores' password: its first line ({@link #firstLine}). */
    public static final String PASSWORD_FILE = "fluxext.tls.password.file";
    /** {@code auto}, {@code openssl} or {@code jdk}: which TLS engine the worker's Netty uses. */
    public static final String ENGINE = "fluxext.tls.engine";

    public static final String ENABLE = "storm.messaging.netty.tls.enable";
    public static final String REQUIRE_OPENSSL = "storm.messaging.netty.tls.require.open.ssl";
    public static final String PROTOCOLS = "storm.messaging.netty.tls.ssl.protocols";
    public static final String CIPHERS = "storm.messaging.netty.tls.ciphers";
    public static final String KEYSTORE = "storm.messaging.netty.tls.keystore.path";
    public static final String TRUSTSTORE = "storm.messaging.netty.tls.truststore.path";
    public static final String CLIENT_KEYSTORE = "storm.messaging.netty.tls.client.keystore.path";
    public static final String CLIENT_TRUSTSTORE = "storm.messaging.netty.tls.client.truststore.path";
    /** Each store path key and the password key Storm reads with it. */
    public static final Map<String, String> PASSWORD_OF = Map.of(
            KEYSTORE, "storm.messaging.netty.tls.keystore.password",
            TRUSTSTORE, "storm.messaging.netty.tls.truststore.password",
            CLIENT_KEYSTORE, "storm.messaging.netty.tls.client.keystore.password",
            CLIENT_TRUSTSTORE, "storm.messaging.netty.tls.client.truststore.password");
    public static final List<String> STORE_PATHS = List.of(KEYSTORE, TRUSTSTORE, CLIENT_KEYSTORE, CLIENT_TRUSTSTORE);

    /**
     * Storm 2.8's shaded Netty 4.2 checks the server's host name by default, but Storm's client builds its SSL handler
     * without the host, so every handshake fails. {@code NONE} restores the 2.6 and 2.7 behaviour; who may connect is
     * then decided by the truststore alone. Only the shaded name has an effect.
     */
    public static final String ENDPOINT_CHECK_PROPERTY =
            "org.apache.storm.shade.io.netty.handler.ssl.defaultEndpointVerificationAlgorithm";
    /**
     * Sets {@link #ENDPOINT_CHECK_PROPERTY} to {@code NONE} unless it is set already. The shaded Netty reads it once per
     * JVM, when its first SSL context class is initialized (looking whether OpenSSL is available does that too), so
     * this must come before anything in the JVM touches the shaded Netty's SSL classes.
     */
    public static void noHostNameCheckInThisJvm() {
        if (System.getProperty(ENDPOINT_CHECK_PROPERTY) == null) {
            System.setProperty(ENDPOINT_CHECK_PROPERTY, "NONE");
        }
    }

    /** Makes the shaded Netty's OpenSSL unavailable (the JDK engine), if set before Netty first looks for it. */
    public static final String NO_OPENSSL_PROPERTY = "org.apache.storm.shade.io.netty.handler.ssl.noOpenSsl";

    /** A password file is a few bytes; anything larger is not one. */
    private static final long MAX_PASSWORD_FILE_BYTES = 4096;

    private TlsKeys() {
    }

    /** Whether the topology config turns worker TLS on through {@link TlsContext}. */
    public static boolean configured(Map<String, Object> conf) {
        return conf.containsKey(PASSWORD_ENV) || conf.containsKey(PASSWORD_FILE);
    }

    /**
     * The password, read from the variable of {@code environment} or the file the config names.
     *
     * @throws IllegalArgumentException naming the key and what is missing
     */
    public static String password(Map<String, Object> conf, Map<String, String> environment) {
        Object env = conf.get(PASSWORD_ENV);
        Object file = conf.get(PASSWORD_FILE);
        if (env != null) {
            String value = environment.get(env.toString());
            if (value == null || value.isEmpty()) {
                throw new IllegalArgumentException("the TLS password is read from the environment variable " + env
                        + " (" + PASSWORD_ENV + "), which is not set" + (value == null ? "" : " to a non-empty value")
                        + " for this process: set it where the workers start (the supervisor's environment)");
            }
            return value;
        }
        if (file != null) {
            return readFile(Path.of(file.toString()));
        }
        throw new IllegalArgumentException("no TLS password source: set " + PASSWORD_ENV + " or " + PASSWORD_FILE);
    }

    private static String readFile(Path path) {
        String where = "the TLS password file " + path + " (" + PASSWORD_FILE + ")";
        if (!path.isAbsolute()) {
            throw new IllegalArgumentException(where + " must be an absolute path: each worker reads it on its host");
        }
        try {
            if (!Files.exists(path)) {
                throw new IllegalArgumentException(where + " does not exist on this machine");
            }
            if (!Files.isRegularFile(path) || Files.size(path) > MAX_PASSWORD_FILE_BYTES) {
                throw new IllegalArgumentException(where + " is not a regular file of at most "
                        + MAX_PASSWORD_FILE_BYTES + " bytes");
            }
            String password = firstLine(Files.readString(path, StandardCharsets.UTF_8));
            if (password.isEmpty()) {
                throw new IllegalArgumentException(where + " is empty");
            }
            return password;
        } catch (IOException e) {
            throw new IllegalArgumentException(where + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * A password file's password: its first line without the line end ({@code \n} or {@code \r\n}); spaces are
     * part of it. Workers and {@code flux tls init --password-file} read a file the same way, so that stores made
     * from a file open with what the workers read from it.
     */
    public static String firstLine(String text) {
        int end = text.indexOf('\n');
        String line = end < 0 ? text : text.substring(0, end);
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }

    /**
     * Said when the password file the config names can be read by other users than its owner (group or others may
     * read it): the password opens the worker's key. Empty when it cannot (or the file system has no POSIX
     * permissions, or there is no such file).
     */
    public static Optional<String> passwordFileOpenToOthers(Map<String, Object> conf) {
        Object file = conf.get(PASSWORD_FILE);
        if (file == null) {
            return Optional.empty();
        }
        Path path = Path.of(file.toString());
        try {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
            if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)) {
                return Optional.of("the TLS password file " + path + " is readable by other users ("
                        + PosixFilePermissions.toString(permissions) + "): make it readable by the user that runs the "
                        + "workers only (chmod 600 " + path + ")");
            }
        } catch (IOException | UnsupportedOperationException e) {
            // No file, or no POSIX permissions: nothing to say here (a missing file is said elsewhere).
        }
        return Optional.empty();
    }

    /**
     * The first problem with a store path a worker would meet, if any: Storm's store watcher fails with a
     * NullPointerException on a relative path, and a missing file fails every handshake.
     */
    public static Optional<String> pathProblem(Map<String, Object> conf) {
        for (String key : STORE_PATHS) {
            Object value = conf.get(key);
            if (value == null) {
                return Optional.of(key + " is not set");
            }
            Path path = Path.of(value.toString());
            if (!path.isAbsolute()) {
                return Optional.of(key + " is " + value + ", a relative path: give an absolute one (each worker "
                        + "opens it on its host)");
            }
            if (!Files.isReadable(path)) {
                return Optional.of(key + " is " + value + ", which this host cannot read");
            }
        }
        return Optional.empty();
    }

    /**
     * A copy of {@code conf} with every store's password filled in and the engine's key set, for Storm's Netty
     * transport only: never submit or log it.
     */
    public static Map<String, Object> forStorm(Map<String, Object> conf, String password) {
        Map<String, Object> copy = new HashMap<>(conf);
        copy.put(ENABLE, true);
        PASSWORD_OF.values().forEach(key -> copy.put(key, password));
        if ("openssl".equals(conf.get(ENGINE))) {
            copy.put(REQUIRE_OPENSSL, true);
        }
        return copy;
    }
}
