package dev.fluxext.run;

import dev.fluxext.build.TlsStores;
import dev.fluxext.compression.storm.StormLines;
import java.io.PrintWriter;
import java.nio.file.Path;
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

    static void submit(String name, String shownName, StormTopology topology, Map<String, Object> config,
                       Optional<String> nimbus, Path jar, boolean inactive, PrintWriter out) {
        Map<String, Object> conf = new HashMap<>(config);
        nimbus.map(RemoteSubmitter::nimbusConf).ifPresent(conf::putAll);
        // StormSubmitter reads the jar to upload from this property, as `storm jar` sets it.
        String previousJar = System.getProperty("storm.jar");
        System.setProperty("storm.jar", jar.toAbsolutePath().toString());
        String where = " to " + target(config, nimbus);
        out.printf("flux: submitting topology '%s'%s, uploading %s...%n", shownName, where, jar);
        out.flush();
        Optional<String> version = leaderVersion(conf);
        version.flatMap(v -> StormLines.problem(target(config, nimbus), v)
                .or(() -> tlsLineProblem(conf, target(config, nimbus), v)))
            .ifPresent(reason -> {
                throw new RunException(ExitCodes.FAILURE, "flux: " + reason);
            });
        try {
            StormSubmitter.submitTopology(name, conf, topology,
                new SubmitOptions(inactive ? TopologyInitialStatus.INACTIVE : TopologyInitialStatus.ACTIVE), null);
            out.printf("flux: topology '%s' submitted%s%n", shownName, inactive ? " (inactive)" : "");
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
    }

    /** Why a topology with TLS between workers cannot run on Storm {@code version} (before 2.6.4), if it cannot. */
    static Optional<String> tlsLineProblem(Map<String, Object> conf, String target, String version) {
        if (!ObjectReader.getBoolean(conf.get(Config.STORM_MESSAGING_NETTY_TLS_ENABLE), false)) {
            return Optional.empty();
        }
        return TlsStores.stormLine(target, version).map(p -> p.message() + ": " + p.fix());
    }

    /**
     * The Storm version the leading Nimbus runs, to refuse a line fluxext's worker code was not tested on before
     * anything is uploaded; empty when it cannot be asked (StormSubmitter then reports the connection itself) or
     * under {@code storm local}, whose cluster is this JVM's own Storm.
     */
    private static Optional<String> leaderVersion(Map<String, Object> conf) {
        if (NimbusClient.isLocalOverride()) {
            return Optional.empty();
        }
        Map<String, Object> full = new HashMap<>(Utils.readStormConfig());
        full.putAll(conf);
        try (NimbusClient client = NimbusClient.getConfiguredClient(full)) {
            return client.getClient().getClusterInfo().get_nimbuses().stream().filter(NimbusSummary::is_isLeader)
                .map(NimbusSummary::get_version).findFirst();
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }
}
