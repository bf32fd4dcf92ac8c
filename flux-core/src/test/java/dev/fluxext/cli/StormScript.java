package dev.fluxext.cli;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What Storm 2.8.3's {@code bin/storm.py} makes of {@code storm jar JAR CLASS ARGS...} (argparse with
 * parse_known_args): the options it declares for {@code jar} are taken out of ARGS wherever they appear, as argparse
 * does, including argparse's prefix matching ({@code -s} abbreviates {@code -storm_config_opts}); {@code -c} values
 * become the {@code storm.options} system property (URL-encoded, comma-joined), {@code --config FILE} becomes
 * {@code storm.conf.file}, the jar {@code storm.jar}. What is left reaches the main class in order.
 *
 * @param mainArgs   the arguments the main class receives
 * @param properties the JVM system properties the script sets for them
 */
record StormScript(List<String> mainArgs, Map<String, String> properties) {

    /** storm.py's options for `storm jar` that take a value (add_common_options, add_client_jar_options). */
    private static final List<String> VALUED = List.of("-c", "-storm_config_opts", "--config", "--jars", "--artifacts",
        "--artifactRepositories", "--mavenLocalRepositoryDirectory", "--proxyUrl", "--proxyUsername",
        "--proxyPassword");

    static StormScript jar(String jar, String... args) {
        List<String> mainArgs = new ArrayList<>();
        List<String> configOpts = new ArrayList<>();
        String confFile = "";
        for (int i = 0; i < args.length; i++) {
            String option = storms(args[i]);
            if (option == null) {
                mainArgs.add(args[i]);
                continue;
            }
            String value = args[++i];
            if (option.equals("-c") || option.equals("-storm_config_opts")) {
                configOpts.add(value);
            } else if (option.equals("--config")) {
                confFile = value;
            }
        }
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("storm.options", configOpts.stream().map(o -> URLEncoder.encode(o, StandardCharsets.UTF_8))
            .collect(Collectors.joining(",")));
        properties.put("storm.conf.file", confFile);
        properties.put("storm.jar", jar);
        return new StormScript(mainArgs, properties);
    }

    /** The storm option {@code arg} names (exactly or as argparse's unique prefix), or null if it is not one. */
    private static String storms(String arg) {
        if (!arg.startsWith("-") || arg.equals("-") || arg.contains("=")) {
            return null;
        }
        if (VALUED.contains(arg)) {
            return arg;
        }
        List<String> prefixed = VALUED.stream().filter(o -> o.startsWith(arg) && arg.length() > 1).toList();
        return prefixed.size() == 1 ? prefixed.get(0) : null;
    }
}
