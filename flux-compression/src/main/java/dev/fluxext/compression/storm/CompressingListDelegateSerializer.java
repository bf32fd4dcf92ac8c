package dev.fluxext.compression.storm;

import com.esotericsoftware.kryo.Kryo;
import dev.fluxext.compression.config.CompressionSettings;
import dev.fluxext.compression.metrics.CompressionMetrics;
import dev.fluxext.compression.serializer.CompressingValuesSerializer;
import dev.fluxext.compression.serializer.FixedLongValues;
import java.util.Map;
import org.apache.storm.Config;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The per-tuple serializer as Storm's config names it: {@code topology.tuple.serializer}, which
 * {@link CompressionSetup#enable} sets (and topologies already submitted hold), so the name stays here. Storm builds
 * it with the constructor below; this class reads its settings from that config, and
 * {@link CompressingValuesSerializer} (package {@code dev.fluxext.compression.serializer}) does the work.
 */
public final class CompressingListDelegateSerializer extends CompressingValuesSerializer {

    /** By name: the batch package builds on this one. */
    static final String BATCH_TRANSPORT = "dev.fluxext.compression.batch.BatchCompressionContext";
    private static final Logger LOG = LoggerFactory.getLogger(CompressingListDelegateSerializer.class);

    public CompressingListDelegateSerializer(Kryo kryo, Class<?> type, Map<String, Object> conf) {
        super(settings(conf), writesFixedLongs(conf), componentOf(conf), stormIdOf(conf));
    }

    private static CompressionSettings settings(Map<String, Object> conf) {
        try {
            return CompressionSettings.fromConf(conf);
        } catch (IllegalArgumentException e) {
            // Storm swallows a constructor's exception while it tries other constructors: say it here.
            LOG.error("{} cannot start: {}", CompressingListDelegateSerializer.class.getSimpleName(), e.getMessage());
            throw e;
        }
    }

    private static String componentOf(Map<String, Object> conf) {
        Object component = conf.get(CompressionSetup.COMPONENT_ID_KEY);
        return component == null ? CompressionMetrics.NO_COMPONENT : component.toString();
    }

    private static String stormIdOf(Map<String, Object> conf) {
        Object id = conf.get(Config.STORM_ID);
        return id == null ? null : id.toString();
    }

    /**
     * Whether the topology's values go as {@link FixedLongValues}: where the batch-compressing transport carries
     * them, whose codec then finds the ackers' ids again. Both ends must agree, so it is read from the topology's
     * transport, which {@link CompressionSetup#enable} puts in the topology config (flux-core rejects the key in a
     * component's {@code config:}: it is no compression setting).
     */
    static boolean writesFixedLongs(Map<String, Object> conf) {
        return BATCH_TRANSPORT.equals(conf.get(FrameGuardContext.DELEGATE_KEY));
    }

    /**
     * Whether every worker of the topology writes tuple values as {@link FixedLongValues} (this serializer, on the
     * batch transport): then the transport finds the ackers' ids behind the values' mask. Read from the topology
     * config, as both ends of a connection must decide alike.
     */
    public static boolean valuesCarryLongMask(Map<String, Object> conf) {
        return CompressingListDelegateSerializer.class.getName().equals(conf.get(Config.TOPOLOGY_TUPLE_SERIALIZER))
                && writesFixedLongs(conf);
    }
}
