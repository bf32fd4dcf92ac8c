package dev.fluxext.run.local;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.apache.storm.callback.WatcherCallBack;
import org.apache.storm.cluster.DaemonType;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.zookeeper.ClientZookeeper;

/**
 * Storm's throwaway ZooKeeper clients, closed on a thread of their own instead of the daemon's (issue 37).
 *
 * <p>Each of Storm 2.8.3's cluster-state stores ({@code ZKStateStorage}) opens a client at ZooKeeper's root only to
 * create Storm's root node, and closes it at once. ZooKeeper 3.9's client then sleeps 100 ms in its send thread while
 * closing ({@code ClientCnxnSocketNIO.cleanup}), and the close waits for that thread: a local cluster's start makes
 * five such stores one after another (0.5 s), and each worker's start one more. Nothing uses the client after its
 * close, so the close is handed to a daemon thread and the daemon goes on. Storm lets tests replace
 * {@link ClientZookeeper}'s implementation ({@link ClientZookeeper#setInstance}); Storm's clients at its own root are
 * returned as Storm made them.
 */
final class ThrowawayZooKeeperClients extends ClientZookeeper {

    private ThrowawayZooKeeperClients() {
    }

    /** Installs this in this class loader's Storm; installing again changes nothing. */
    static void install() {
        ClientZookeeper.setInstance(new ThrowawayZooKeeperClients());
    }

    @Override
    public CuratorFramework mkClientImpl(Map<String, Object> conf, List<String> servers, Object port, String root,
                                         WatcherCallBack watcher, Map<String, Object> authConf, DaemonType type) {
        CuratorFramework client = super.mkClientImpl(conf, servers, port, root, watcher, authConf, type);
        return "".equals(root) ? closedInBackground(client) : client;
    }

    /** {@code client}, except that {@code close()} returns at once and the close runs on a daemon thread. */
    static CuratorFramework closedInBackground(CuratorFramework client) {
        return (CuratorFramework) Proxy.newProxyInstance(CuratorFramework.class.getClassLoader(),
            new Class<?>[] {CuratorFramework.class}, (proxy, method, args) -> {
                if (method.getName().equals("close") && method.getParameterCount() == 0) {
                    Thread closer = new Thread(client::close, "flux-zookeeper-close");
                    closer.setDaemon(true);
                    closer.start();
                    return null;
                }
                try {
                    return method.invoke(client, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });
    }
}
