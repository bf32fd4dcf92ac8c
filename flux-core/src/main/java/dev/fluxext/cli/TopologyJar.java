package dev.fluxext.cli;

import dev.fluxext.model.ComponentDef;
import dev.fluxext.model.ObjectDef;
import dev.fluxext.model.TopologyDef;
import dev.fluxext.model.TopologySourceDef;
import dev.fluxext.reflect.ClassFinder;
import dev.fluxext.run.process.ExitCodes;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.storm.generated.StormTopology;

/**
 * Which jar {@code submit --remote} uploads to Nimbus: the one given with {@code --jar} (also loaded here); the one {@code storm jar}
 * runs (system property {@code storm.jar}); or the jar flux itself runs from when the topology's own classes come
 * from it (a shaded topology jar holding flux-core). Storm's classes are left out of that check, as the cluster has them.
 * The classes are the ones the model names, looked up uninitialized: nothing is created and no user code runs.
 */
final class TopologyJar {

    private TopologyJar() {
    }

    /** The jar for {@code model}, built with the current command's classes (the user's loader of {@link UserClasses}). */
    static Path choose(List<Path> explicit, TopologyDef model) {
        return choose(explicit, model, ClassFinder.forContext().loader(),
            Optional.ofNullable(System.getProperty("storm.jar")).filter(jar -> !jar.isBlank()).map(Path::of),
            location(TopologyJar.class));
    }

    /**
     * As {@link #choose(List, TopologyDef)}, with what it depends on given.
     *
     * @param loader   the class loader the topology was built with
     * @param stormJar the jar {@code storm jar} runs, if any
     * @param fluxHome the jar or class directory flux's own classes come from
     */
    static Path choose(List<Path> explicit, TopologyDef model, ClassLoader loader, Optional<Path> stormJar,
                       Optional<Path> fluxHome) {
        if (explicit.size() > 1) {
            throw new CliException(ExitCodes.USAGE, "flux: --remote uploads one jar, and " + explicit.size()
                + " were given with --jar: build one topology jar holding all your classes (the shade plugin, see "
                + "examples/README.md) and pass it alone with --jar; put other classes needed only here on --classpath");
        }
        if (explicit.size() == 1) {
            return explicit.get(0);
        }
        if (stormJar.isPresent()) {
            return stormJar.get();
        }
        Set<Path> sources = classSources(model, loader);
        sources.remove(location(StormTopology.class).orElse(null));
        Optional<Path> fluxJar = fluxHome.map(home -> home.toAbsolutePath().normalize()).filter(Files::isRegularFile);
        if (fluxJar.isPresent() && Set.of(fluxJar.get()).containsAll(sources)) {
            return fluxJar.get();
        }
        throw new CliException(ExitCodes.USAGE, "flux: --remote needs the topology jar to upload: build one that holds "
            + "your spouts and bolts, fluxext (flux-core, flux-compression) and their dependencies but not Storm "
            + "(see examples/README.md), and pass it with --jar FILE"
            + (sources.isEmpty() ? "" : "; the topology's classes come from "
                + sources.stream().map(Path::toString).collect(Collectors.joining(", "))));
    }

    /** Where the classes of every object the topology creates come from (none for the JDK's own). */
    private static Set<Path> classSources(TopologyDef model, ClassLoader loader) {
        Set<Path> sources = new LinkedHashSet<>();
        Stream.of(model.components().stream(), model.executors().stream().map(ComponentDef::object),
                model.streams().stream().flatMap(stream -> stream.grouping().customClass().stream()),
                model.workerHooks().stream(), model.topologySource().map(TopologySourceDef::object).stream())
            .flatMap(objects -> objects)
            .map(object -> load(object, loader))
            .forEach(type -> location(type).ifPresent(sources::add));
        return sources;
    }

    private static Class<?> load(ObjectDef object, ClassLoader loader) {
        String name = object.className().value();
        try {
            // Uninitialized: no static initializer of the user's runs here.
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("class " + name + " was loaded to build the topology, and now is not", e);
        }
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
