package dev.fluxext.cli;

import dev.fluxext.run.process.ExitCodes;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * {@code -c key=value} as Storm's command line reads it: the value is parsed as a YAML (hence JSON) scalar,
 * list or map, so {@code topology.workers=2} is a number and {@code nimbus.seeds=["a","b"]} a list; a value
 * that does not parse stays a string.
 */
final class ConfigValues {

    private ConfigValues() {
    }

    static Map<String, Object> parse(Map<String, String> raw) {
        Map<String, Object> parsed = new LinkedHashMap<>();
        raw.forEach((key, value) -> {
            if (key.isBlank()) {
                throw new CliException(ExitCodes.USAGE, "flux: -c " + key + "=" + value + ": the key is empty");
            }
            parsed.put(key, parseValue(key, value));
        });
        return parsed;
    }

    static Object parseValue(String key, String value) {
        Object parsed;
        try {
            parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(value);
        } catch (YAMLException e) {
            parsed = value;
        }
        if (parsed == null) {
            throw new CliException(ExitCodes.USAGE, "flux: -c " + key + "=" + value
                + ": the value is empty or null; give a value, e.g. -c " + key + "=1");
        }
        return parsed;
    }
}
