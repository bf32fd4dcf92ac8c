package dev.fluxext.run.local;

import java.util.function.UnaryOperator;

/** Storm's hooks for tests ({@code ServerUtils.setInstance}, {@code ConfigUtils.setInstance}), used by local runs. */
final class StormHooks {

    private StormHooks() {
    }

    /**
     * Installs {@code hook} through {@code setInstance} (Storm's setter, which returns what it replaced) unless one of
     * its class is installed already: that one keeps what it has cached.
     */
    static synchronized <T> void installOnce(T hook, UnaryOperator<T> setInstance) {
        T previous = setInstance.apply(hook);
        if (previous != null && previous.getClass() == hook.getClass()) {
            setInstance.apply(previous);
        }
    }
}
