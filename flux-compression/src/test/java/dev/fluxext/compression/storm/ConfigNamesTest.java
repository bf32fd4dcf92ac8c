package dev.fluxext.compression.storm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.Serializer;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import org.apache.storm.Config;
import org.apache.storm.messaging.IContext;
import org.apache.storm.serialization.SerializationFactory;
import org.apache.storm.utils.ListDelegate;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;

/**
 * The class names a topology's config, the docs and topologies already submitted to a cluster hold keep working:
 * written here as text, not as class literals, so that moving or renaming one of these classes fails here.
 */
class ConfigNamesTest {

    static final String SERIALIZER = "dev.fluxext.compression.storm.CompressingListDelegateSerializer";
    static final String GUARD = "dev.fluxext.compression.storm.FrameGuardContext";
    static final String SETUP = "dev.fluxext.compression.storm.CompressionSetup";
    static final String SETTINGS = "dev.fluxext.compression.storm.Compression";
    static final String BATCH = "dev.fluxext.compression.batch.BatchCompressionContext";
    static final String TLS = "dev.fluxext.tls.TlsContext";

    @Test
    void theTupleSerializerIsBuiltByStormFromItsName() {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.TOPOLOGY_TUPLE_SERIALIZER, SERIALIZER);
        Serializer<?> built = SerializationFactory.getKryo(conf).getSerializer(ListDelegate.class);
        assertEquals(SERIALIZER, built.getClass().getName());
    }

    @Test
    void theTransportsAreContextsStormCanMake() throws Exception {
        for (String name : new String[] {GUARD, BATCH, TLS}) {
            // What Storm's TransportFactory does with storm.messaging.transport (and the wrappers with their delegate).
            Object context = Class.forName(name).getDeclaredConstructor().newInstance();
            assertInstanceOf(IContext.class, context, name);
        }
    }

    @Test
    void theJavaSetupKeepsItsNames() throws Exception {
        Method enable = Class.forName(SETUP).getMethod("enable", Map.class, Map.class);
        Method settings = Class.forName(SETTINGS).getMethod("settings");
        assertTrue(Modifier.isStatic(enable.getModifiers()) && Modifier.isStatic(settings.getModifiers()));
    }

    @Test
    void setUpWritesTheNamesAlreadySubmittedTopologiesHold() {
        Map<String, Object> conf = new HashMap<>();
        CompressionSetup.enable(conf, Map.of());
        assertEquals(SERIALIZER, conf.get(Config.TOPOLOGY_TUPLE_SERIALIZER));
        assertEquals(GUARD, conf.get(Config.STORM_MESSAGING_TRANSPORT));
    }
}
