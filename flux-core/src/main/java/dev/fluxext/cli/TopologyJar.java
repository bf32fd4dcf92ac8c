package dev.fluxext.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.storm.generated.ComponentObject;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.utils.Utils;

/**
 * Which jar {@code submit --remote} uploads to Nimbus: the one given with {@code --jar} (also loaded here); the one {@code storm jar}
 * runs (system property {@code storm.jar}); or the jar flux itself runs from when the topology's own classes come
 * from it (a shaded topology jar holding flux-core). Storm's classes are left out of that check, as the cluster has them.
 */
final class TopologyJar {

    private TopologyJar() {
    }

    static Path choose(List<Path> explicit, StormTopology topology) {
        if (explicit.size() > 1) {
            throw new CliException(ExitCodes.USAGE, "flux: --remote uploads one jar, and " + explicit.size()
                + " were given with --jar: build one topology jar holding all your classes (the shade plugin, see "
                + "examples/README.md) and pass it alone with --jar; put other classes needed only here on --classpath");
        }
        if (explicit.size() == 1) {
            return explicit.get(0);
        }
        String stormJar = System.getProperty("storm.jar");
        if (stormJar != null && !stormJar.isBlank()) {
            return Path.of(stormJar);
        }
        Optional<Path> cliJar = location(TopologyJar.class).filter(Files::isRegularFile);
        Set<Path> topologySources = topologyClassSources(topology);
        topologySources.remove(location(StormTopology.class).orElse(null));
        if (cliJar.isPresent() && cliJar.map(jar -> Set.of(jar).containsAll(topologySources)).orElse(false)) {
            return cliJar.get();
        }
        throw new CliException(ExitCodes.USAGE, "flux: --remote needs the topology jar to upload: build one that holds "
            + "your spouts and bolts, fluxext (flux-core, flux-compression) and their dependencies but not Storm "
            + "(see examples/README.md), and pass it with --jar FILE"
            + (topologySources.isEmpty() ? "" : "; the topology's classes come from " + topologySources));
    }

    /** Where the classes of the topology's spouts and bolts were loaded from. */
    private static Set<Path> topologyClassSources(StormTopology topology) {
        Set<Path> sources = new LinkedHashSet<>();
        Stream.concat(topology.get_spouts().values().stream().map(s -> s.get_spout_object()),
                topology.get_bolts().values().stream().map(b -> b.get_bolt_object()))
            .filter(ComponentObject::is_set_serialized_java)
            .map(object -> Utils.javaDeserialize(object.get_serialized_java(), Object.class).getClass())
            .forEach(type -> location(type).ifPresent(sources::add));
        return sources;
    }

    private static Optional<Path> location(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(source.getLocation().toURI()).toAbsolutePath().normalize());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
