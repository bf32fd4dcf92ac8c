package dev.fluxext.run.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.utils.ConfigUtils;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachedStormConfigTest {

    private ConfigUtils storms;
    private String options;

    @BeforeEach
    void install() {
        options = System.getProperty("storm.options");
        storms = ConfigUtils.setInstance(new ConfigUtils());
        CachedStormConfig.install();
    }

    @AfterEach
    void restore() {
        ConfigUtils.setInstance(storms);
        if (options == null) {
            System.clearProperty("storm.options");
        } else {
            System.setProperty("storm.options", options);
        }
    }

    @Test
    void everyReadIsStormsConfigurationInACopyOfItsOwn() {
        Map<String, Object> first = ConfigUtils.readStormConfig();
        assertEquals(Utils.readStormConfig(), first);

        @SuppressWarnings("unchecked")
        List<Object> servers = (List<Object>) first.get(Config.STORM_ZOOKEEPER_SERVERS);
        servers.add("changed.example");
        first.put(Config.STORM_ZOOKEEPER_PORT, -1);

        Map<String, Object> second = ConfigUtils.readStormConfig();
        assertNotSame(first, second);
        assertFalse(((List<?>) second.get(Config.STORM_ZOOKEEPER_SERVERS)).contains("changed.example"));
        assertEquals(Utils.readStormConfig(), second);
    }

    @Test
    void stormOptionsSetAfterTheFirstReadAreRead() {
        ConfigUtils.readStormConfig();
        System.setProperty("storm.options", "topology.workers=7");
        assertEquals(7, ((Number) ConfigUtils.readStormConfig().get(Config.TOPOLOGY_WORKERS)).intValue());
    }

    @Test
    void installingAgainKeepsTheCacheInstalledFirst() {
        ConfigUtils installed = ConfigUtils.setInstance(null);
        ConfigUtils.setInstance(installed);
        CachedStormConfig.install();
        ConfigUtils again = ConfigUtils.setInstance(installed);
        assertTrue(installed instanceof CachedStormConfig);
        assertSame(installed, again);
    }

    /**
     * It caches: a storm.yaml changed after the first read is not read again while the properties stay the same (a
     * ConfigUtils that reads each time, as Storm's own does, gives the new value).
     */
    @Test
    void stormsFilesAreReadOnceWhileThePropertiesStayTheSame(@TempDir Path dir) throws IOException {
        String confFile = System.getProperty("storm.conf.file");
        Path file = Files.writeString(dir.resolve("storm.yaml"), "topology.workers: 3\n");
        System.setProperty("storm.conf.file", file.toString());
        try {
            assertEquals(3, workers(ConfigUtils.readStormConfig()));
            Files.writeString(file, "topology.workers: 5\n");
            assertEquals(5, workers(Utils.readStormConfig()), "the file says 5 now");
            assertEquals(3, workers(ConfigUtils.readStormConfig()), "not read again: the cached configuration");
            assertEquals(5, workers(new ConfigUtils().readStormConfigImpl()), "Storm's own reads it each time");
        } finally {
            if (confFile == null) {
                System.clearProperty("storm.conf.file");
            } else {
                System.setProperty("storm.conf.file", confFile);
            }
        }
    }

    private static int workers(Map<String, Object> conf) {
        return ((Number) conf.get(Config.TOPOLOGY_WORKERS)).intValue();
    }
}
