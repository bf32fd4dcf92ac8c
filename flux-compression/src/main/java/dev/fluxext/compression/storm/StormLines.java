package dev.fluxext.compression.storm;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.storm.utils.VersionInfo;

/**
 * The Storm lines fluxext runs on, and the one place that knows them. A worker runs the cluster's storm-client next
 * to our classes from the topology jar (built against 2.8.3), so what runs there is tested on every line listed
 * here (module {@code storm-lines}); no API used differs between them, so nothing else needs to know the version.
 */
public final class StormLines {

    /** Oldest first; docs/storm-versions.md lists the same, and a test holds the two together. */
    public static final List<String> SUPPORTED = List.of("2.6", "2.7", "2.8");

    private static final Pattern LINE = Pattern.compile("^(\\d+)\\.(\\d+)(?:[.-].*)?$");

    private StormLines() {
    }

    /** {@code "2.6"} of {@code "2.6.4"} or {@code "2.8.3-SNAPSHOT"}; empty if the text is not a version. */
    public static Optional<String> lineOf(String version) {
        Matcher m = version == null ? null : LINE.matcher(version.strip());
        return m != null && m.matches() ? Optional.of(m.group(1) + "." + m.group(2)) : Optional.empty();
    }

    /**
     * Why {@code version}, run by {@code what} (e.g. "this worker", "Nimbus at host:6627"), is not supported; empty
     * if it is, or if it cannot be told (a build that reports no version).
     */
    public static Optional<String> problem(String what, String version) {
        return lineOf(version).filter(line -> !SUPPORTED.contains(line)).map(line -> what + " runs Storm " + version
                + "; fluxext runs on Storm " + String.join(", ", SUPPORTED.stream().map(l -> l + ".x").toList())
                + " (see docs/storm-versions.md): use a fluxext release for Storm " + line
                + " or a cluster of a supported line");
    }

    /** Stops a worker on an unsupported line with that reason, before any of our code touches a Storm API. */
    public static void requireSupportedWorker() {
        problem("this worker", VersionInfo.getVersion()).ifPresent(reason -> {
            throw new UnsupportedOperationException(reason);
        });
    }
}
