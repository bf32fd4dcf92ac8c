package dev.fluxext.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.utils.ConfigUtils;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
}
