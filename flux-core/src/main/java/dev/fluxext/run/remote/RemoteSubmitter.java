package dev.fluxext.run.remote;

import dev.fluxext.build.TlsStores;
import dev.fluxext.compression.storm.StormLines;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import dev.fluxext.run.process.StormConfigFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.AlreadyAliveException;
import org.apache.storm.generated.AuthorizationException;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.NimbusSummary;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.SubmitOptions;
import org.apache.storm.generated.TopologyInitialStatus;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.NimbusLeaderNotFoundException;
import org.apache.storm.utils.ObjectReader;
import org.apache.storm.utils.Utils;

/**
 * Submits to a real cluster with {@link StormSubmitter}, which finds Nimbus from {@code storm.yaml} (Storm's usual
 * lookup), the topology config ({@code -c nimbus.seeds=[...]}) or {@code --nimbus host:port}.
 */
public final class RemoteSubmitter {

    private RemoteSubmitter() {
    }

    /** {@code host:port}, or {@code host} for the default Thrift port. */
    static Map<String, Object> nimbusConf(String nimbus) {
        int colon = nimbus.lastIndexOf(':');
        String host = colon < 0 ? nimbus : nimbus.substring(0, colon);
        if (host.isBlank()) {
            throw new RunException(ExitCodes.USAGE, "flux: --nimbus " + nimbus + ": expected HOST or HOST:PORT");
        }
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.NIMBUS_SEEDS, List.of(host));
        if (colon >= 0) {
            try {
                conf.put(Config.NIMBUS_THRIFT_PORT, Integer.parseInt(nimbus.substring(colon + 1)));
            } catch (NumberFormatException e) {
                throw new RunException(ExitCodes.USAGE, "flux: --nimbus " + nimbus + ": the port is not a number");
            }
        }
        return conf;
    }

    /**
     * The Nimbus a submission goes to and why there, as StormSubmitter will find it: {@code --nimbus}, else the
     * topology config over Storm's config (storm.yaml, else Storm's defaults: localhost).
     */
    public static String target(Map<String, Object> topologyConf, Optional<String> nimbus) {
        if (nimbus.isPresent()) {
            return "Nimbus at " + nimbus.get() + " (--nimbus)";
        }
        if (NimbusClient.isLocalOverride()) {
            return "the in-process cluster of `storm local`";
        }
        StormConfigFile.check();
        Map<String, Object> storm = Utils.readStormConfig();
        Map<String, Object> conf = new HashMap<>(storm);
        conf.putAll(topologyConf);
        String configFile = System.getProperty("storm.conf.file", "storm.yaml");
        String source = topologyConf.containsKey(Config.NIMBUS_SEEDS) ? "nimbus.seeds from the topology config"
            : !Utils.findAndReadConfigFile(configFile, false).containsKey(Config.NIMBUS_SEEDS)
                ? "Storm's default: no --nimbus, and no nimbus.seeds in the topology config or a " + configFile
                    + " on the classpath"
                : "nimbus.seeds from " + configFile;
        return "Nimbus at " + String.join(",", ObjectReader.getStrings(conf.get(Config.NIMBUS_SEEDS))) + ":"
            + ObjectReader.getInt(conf.get(Config.NIMBUS_THRIFT_PORT), 6627) + " (" + source + ")";
    }

    /**
     * @param waitRunning {@code --wait-running}: how long to wait, after the submission, for the topology to run
     * @return the exit status
     */
    public static int submit(String name, String shownName, StormTopology topology, Map<String, Object> config,
                      Optional<String> nimbus, Path jar, boolean inactive, Optional<Duration> waitRunning,
                      PrintWriter out) {
        Map<String, Object> conf = new HashMap<>(config);
        nimbus.map(RemoteSubmitter::nimbusConf).ifPresent(conf::putAll);
        // StormSubmitter reads the jar to upload from this property, as `storm jar` sets it.
        String target = target(config, nimbus);
        String where = " to " + target;
        out.printf("flux: submitting topology '%s'%s, uploading %s...%n", shownName, where, jar);
        out.flush();
        leaderVersion(conf, target).flatMap(version -> StormLines.problem(target, version)
                .or(() -> tlsLineProblem(conf, target, version)))
            .ifPresent(reason -> {
                throw new RunException(ExitCodes.FAILURE, "flux: " + reason);
            });
        // Set only once nothing can throw before the finally below restores it.
        String previousJar = System.getProperty("storm.jar");
        System.setProperty("storm.jar", jar.toAbsolutePath().toString());
        try {
            StormSubmitter.submitTopology(name, conf, topology,
                new SubmitOptions(inactive ? TopologyInitialStatus.INACTIVE : TopologyInitialStatus.ACTIVE), null);
            out.printf("flux: topology '%s' submitted%s%n", shownName, inactive ? " (inactive)" : "");
            out.flush();
        } catch (AlreadyAliveException e) {
            throw new RunException(ExitCodes.FAILURE, "flux: a topology named '" + shownName
                + "' is already running on the cluster; kill it first or rename the topology", e);
        } catch (InvalidTopologyException e) {
            throw new RunException(ExitCodes.INVALID_TOPOLOGY, "flux: Nimbus rejected the topology: " + e.get_msg(), e);
        } catch (AuthorizationException e) {
            throw new RunException(ExitCodes.FAILURE, "flux: not authorized to submit: " + e.get_msg(), e);
        } catch (RuntimeException e) {
            // Storm wraps connection problems (no Nimbus, wrong port) in RuntimeExceptions.
            throw new RunException(ExitCodes.FAILURE, "flux: submission failed" + where + ": " + rootMessage(e), e);
        } finally {
            if (previousJar == null) {
                System.clearProperty("storm.jar");
            } else {
                System.setProperty("storm.jar", previousJar);
            }
        }
        if (waitRunning.isEmpty()) {
            return ExitCodes.OK;
        }
        return waitRunning(name, shownName, conf, inactive ? "INACTIVE" : "ACTIVE", waitRunning.get(), target, out);
    }

    private static int waitRunning(String name, String shownName, Map<String, Object> conf, String status,
                                   Duration timeout, String target, PrintWriter out) {
        Map<String, Object> full = new HashMap<>(Utils.readStormConfig());
        full.putAll(conf);
        out.printf("flux: waiting up to %d s for topology '%s' to run (--wait-running)...%n", timeout.toSeconds(),
            shownName);
        out.flush();
        try (NimbusClient client = NimbusClient.getConfiguredClient(full)) {
            return RunningWait.await(client.getClient(), name, shownName, status, timeout, out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunException(ExitCodes.FAILURE, "flux: the wait for topology '" + shownName + "' was "
                + "interrupted", e);
        } catch (Exception e) {
            throw new RunException(ExitCodes.FAILURE, "flux: the topology was submitted, but " + target
                + " could not be asked whether it runs: " + rootMessage(e), e);
        }
    }

    /** How long the leader check waits for each seed host before the next one (Storm's own default has no bound). */
    static final int CHECK_TIMEOUT_MILLIS = 5_000;

    /** Why a topology with TLS between workers cannot run on Storm {@code version} (before 2.6.4), if it cannot. */
    static Optional<String> tlsLineProblem(Map<String, Object> conf, String target, String version) {
        if (!ObjectReader.getBoolean(conf.get(Config.STORM_MESSAGING_NETTY_TLS_ENABLE), false)) {
            return Optional.empty();
        }
        return TlsStores.stormLine(target, version).map(p -> p.message() + ": " + p.fix());
    }

    /**
     * The Storm version the leading Nimbus runs, to refuse a line fluxext's worker code was not tested on before
     * anything is uploaded; empty when it cannot be asked (e.g. not authorized: StormSubmitter then says why) or
     * under {@code storm local}, whose cluster is this JVM's own Storm. Each seed host is tried once, with a timeout,
     * instead of Storm's retries (five, with backoff, and again inside StormSubmitter: half a minute or more), so
     * a Nimbus that is not there is reported in seconds, in one line.
     *
     * @throws RunException when no seed host answered as the leader
     */
    private static Optional<String> leaderVersion(Map<String, Object> conf, String target) {
        if (NimbusClient.isLocalOverride()) {
            return Optional.empty();
        }
        Map<String, Object> full = new HashMap<>(Utils.readStormConfig());
        full.putAll(conf);
        full.put(Config.STORM_NIMBUS_RETRY_TIMES, 0);
        NimbusClient client;
        try {
            client = NimbusClient.getConfiguredClient(full, CHECK_TIMEOUT_MILLIS);
        } catch (NimbusLeaderNotFoundException e) {
            throw new RunException(ExitCodes.FAILURE, noLeader(target, full), e);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        try (client) {
            return client.getClient().getClusterInfo().get_nimbuses().stream().filter(NimbusSummary::is_isLeader)
                .map(NimbusSummary::get_version).findFirst();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    /** The one line for "no Nimbus there": where, what was tried, how to point at another. */
    static String noLeader(String target, Map<String, Object> conf) {
        List<String> seeds = ObjectReader.getStrings(conf.get(Config.NIMBUS_SEEDS));
        return "flux: no leader Nimbus answered: " + target + "; tried " + (seeds.size() == 1 ? "the seed host"
            : "each of the " + seeds.size() + " seed hosts") + " " + seeds + " once, waiting up to "
            + CHECK_TIMEOUT_MILLIS / 1000 + " s; is Nimbus running there? Point at another with --nimbus HOST[:PORT] "
            + "or -c nimbus.seeds='[\"HOST\"]' (or nimbus.seeds in storm.yaml); --verbose shows Storm's log";
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }
}
