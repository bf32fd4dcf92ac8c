package dev.fluxext.run.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.storm.callback.DefaultWatcherCallBack;
import org.apache.storm.cluster.DaemonType;
import org.apache.storm.shade.org.apache.curator.framework.CuratorFramework;
import org.apache.storm.shade.org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.storm.shade.org.apache.zookeeper.KeeperException;
import org.apache.storm.testing.InProcessZookeeper;
import org.apache.storm.utils.Utils;
import org.apache.storm.zookeeper.ClientZookeeper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ThrowawayZooKeeperClientsTest {

    @AfterEach
    void restoreStorm() {
        ClientZookeeper.resetInstance();
    }

    @Test
    void aClientAtZooKeepersRootWorksAndClosesAfterItsCloseReturned() throws Exception {
        ThrowawayZooKeeperClients.install();
        try (InProcessZookeeper zookeeper = new InProcessZookeeper()) {
            Map<String, Object> conf = Utils.readStormConfig();
            List<String> servers = List.of("localhost");
            CuratorFramework throwaway = ClientZookeeper.mkClient(conf, servers, zookeeper.getPort(), "",
                new DefaultWatcherCallBack(), null, DaemonType.NIMBUS);
            CuratorFramework rooted = ClientZookeeper.mkClient(conf, servers, zookeeper.getPort(), "/storm-root",
                new DefaultWatcherCallBack(), null, DaemonType.NIMBUS);
            try {
                assertTrue(Proxy.isProxyClass(throwaway.getClass()));
                assertFalse(Proxy.isProxyClass(rooted.getClass()), "a client at Storm's root is Storm's own");

                ClientZookeeper.mkdirs(throwaway, "/storm-root", null);
                assertNotNull(throwaway.checkExists().forPath("/storm-root"));
                // ZooKeeper's errors reach the caller as ZooKeeper threw them
                assertThrows(KeeperException.NodeExistsException.class,
                    () -> throwaway.create().forPath("/storm-root"));

                throwaway.close();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (throwaway.getState() != CuratorFrameworkState.STOPPED && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertEquals(CuratorFrameworkState.STOPPED, throwaway.getState());
                assertEquals(CuratorFrameworkState.STARTED, rooted.getState());
            } finally {
                rooted.close();
            }
        }
    }

    @Test
    void closeHandsTheClientsCloseToADaemonThread() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Thread> closedOn = new CompletableFuture<>();
        CuratorFramework slow = (CuratorFramework) Proxy.newProxyInstance(CuratorFramework.class.getClassLoader(),
            new Class<?>[] {CuratorFramework.class}, (proxy, method, args) -> {
                if (method.getName().equals("close")) {
                    release.await();
                    closedOn.complete(Thread.currentThread());
                    return null;
                }
                throw new UnsupportedOperationException(method.getName());
            });

        CuratorFramework client = ThrowawayZooKeeperClients.closedInBackground(slow);
        assertTimeoutPreemptively(Duration.ofSeconds(10), client::close);
        assertFalse(closedOn.isDone(), "the client's own close is still waiting");

        release.countDown();
        Thread closer = closedOn.get(10, TimeUnit.SECONDS);
        assertTrue(closer.isDaemon());
        assertEquals("flux-zookeeper-close", closer.getName());
        assertThrows(UnsupportedOperationException.class, client::getState);
    }
}
