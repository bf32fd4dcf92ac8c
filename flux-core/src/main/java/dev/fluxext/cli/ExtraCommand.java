package dev.fluxext.cli;

import java.util.List;
import java.util.ServiceLoader;

/**
 * A command that another module adds to {@code flux} ({@code flux lsp}, from flux-lsp): a picocli {@code @Command}
 * class with a public no-argument constructor, listed in {@code META-INF/services/dev.fluxext.cli.ExtraCommand}.
 * flux-core is bundled into topology jars and so cannot depend on such a module (an editor protocol library has no
 * place in a worker); the module is on the launcher's classpath, and {@link FluxCli} finds its commands here.
 */
public interface ExtraCommand {

    /** The classes of the extra commands on the classpath; none is instantiated (picocli makes the one it runs). */
    static List<Class<?>> all() {
        return ServiceLoader.load(ExtraCommand.class, ExtraCommand.class.getClassLoader()).stream()
            .<Class<?>>map(ServiceLoader.Provider::type).toList();
    }
}
