package dev.fluxext.run.local;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.utils.ConfigUtils;

/**
 * Storm's own configuration ({@code defaults.yaml}, {@code storm.yaml}, {@code storm.options}) read and validated once
 * for a local cluster, instead of again at the cluster's start and twice at each worker's launch (issue 37).
 *
 * <p>Storm 2.8.3 reads it through {@code ConfigUtils.readStormConfig}: a YAML file parsed and some 400 keys validated,
 * 0.1-0.2 s each time on a machine that is starting ZooKeeper, Nimbus, supervisors and workers at once. Its sources
 * are the class path and two system properties; the configuration read is reused while those properties have the
 * values it was read with. Every caller gets a copy of its own, maps and lists included: Storm's daemons add to the
 * map they are given. Storm lets tests replace {@link ConfigUtils}'s implementation ({@link ConfigUtils#setInstance}).
 */
final class CachedStormConfig extends ConfigUtils {

    /** A configuration as read, and the system properties it was read with. */
    private record Read(List<String> properties, Map<String, Object> conf) {
    }

    private volatile Read read;

    private CachedStormConfig() {
    }

    /** Installs the cache in this class loader's Storm, once; later calls do nothing. */
    static void install() {
        StormHooks.installOnce(new CachedStormConfig(), ConfigUtils::setInstance);
    }

    @Override
    public Map<String, Object> readStormConfigImpl() {
        List<String> properties = Arrays.asList(System.getProperty("storm.conf.file"),
            System.getProperty("storm.options"));
        Read last = read;
        if (last == null || !last.properties().equals(properties)) {
            last = new Read(properties, super.readStormConfigImpl()); // a fresh map, held by nothing else
            read = last;
        }
        return copy(last.conf());
    }

    private static Map<String, Object> copy(Map<String, Object> conf) {
        Map<String, Object> copy = new HashMap<>(conf.size() * 2);
        conf.forEach((key, value) -> copy.put(key, copyOf(value)));
        return copy;
    }

    private static Object copyOf(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>(map.size() * 2);
            map.forEach((key, nested) -> copy.put(key, copyOf(nested)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            for (Object nested : list) {
                copy.add(copyOf(nested));
            }
            return copy;
        }
        return value; // strings, numbers, booleans, null: immutable
    }
}
