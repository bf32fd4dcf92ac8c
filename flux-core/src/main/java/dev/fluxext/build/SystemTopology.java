package dev.fluxext.build;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.storm.daemon.StormCommon;
import org.apache.storm.generated.InvalidTopologyException;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;

/**
 * The components and streams Storm adds to every topology before it validates and runs it (its "system topology":
 * {@code __acker}, {@code __system} with {@code __tick}, {@code __metrics_tick}, ..., {@code __eventlogger} and
 * {@code __metrics_*} consumers when configured, and the {@code __ack_*}, {@code __metrics}, {@code __system} streams
 * of every component). Taken from Storm's own {@link StormCommon#systemTopology}, with Storm's defaults under the
 * topology's config as Nimbus merges them, so that what may be subscribed to is what Storm accepts.
 */
public final class SystemTopology {

    /** Storm's defaults (defaults.yaml), read once: Nimbus merges the topology's config over the cluster's. */
    private static final class Defaults {
        static final Map<String, Object> CONF = Utils.readDefaultConfig();
    }

    private SystemTopology() {
    }

    /**
     * Computes Storm's system topology once on a daemon thread, so that the first check that needs it finds Storm's
     * classes initialized and its defaults read: Storm's {@code Utils} (its {@code defaults.yaml}) and the first
     * {@link StormCommon#systemTopology} (Java serialization of the acker) take about 0.12 s of a short command's
     * start, which the thread spends while the file is read. Call it once Storm's log is set up (the loggers of the
     * classes it initializes write where the log goes then) and Storm's own configuration, if the user gives one,
     * was read: one Storm cannot read would fail its {@code Utils} on this thread, and the command, meeting the class
     * later, would no longer see why.
     *
     * @return the thread
     */
    public static Thread prepareInBackground() {
        Thread thread = new Thread(() -> componentIds(Map.of()), "flux-prepare-storm");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * The ids of the components Storm adds to a topology with this config, sorted. With a config Storm cannot read
     * (reported by the config checks), those it adds with its defaults.
     */
    public static Set<String> componentIds(Map<String, Object> topologyConf) {
        StormTopology empty = new StormTopology(new HashMap<>(), new HashMap<>(), new HashMap<>());
        Optional<StormTopology> added = of(topologyConf, empty);
        if (added.isEmpty()) {
            added = of(Map.of(), empty);
        }
        return new TreeSet<>(added.orElseThrow(() -> new IllegalStateException("Storm adds no system components"))
                .get_bolts().keySet());
    }

    /**
     * {@code topology} as Nimbus runs it, with Storm's components and streams added, but without checking the user's
     * subscriptions (they are left out of the copy given to Storm): those problems are reported by the build, each at
     * its stream. Empty when Storm cannot add them (a config value it cannot read).
     *
     * @throws InvalidTopologyException what Storm's basic validation refuses (an id or stream id starting with "__")
     */
    static Optional<StormTopology> withSystemComponents(Map<String, Object> topologyConf, StormTopology topology)
            throws InvalidTopologyException {
        StormTopology withoutInputs = topology.deepCopy();
        withoutInputs.get_bolts().values().forEach(b -> b.get_common().get_inputs().clear());
        StormCommon.validateBasic(withoutInputs);
        return of(topologyConf, withoutInputs);
    }

    private static Optional<StormTopology> of(Map<String, Object> topologyConf, StormTopology topology) {
        Map<String, Object> conf = new HashMap<>(Defaults.CONF);
        conf.putAll(topologyConf);
        try {
            return Optional.of(StormCommon.systemTopology(conf, topology));
        } catch (InvalidTopologyException | RuntimeException e) {
            return Optional.empty(); // a config value Storm cannot read (e.g. a text where it wants a number)
        }
    }
}
