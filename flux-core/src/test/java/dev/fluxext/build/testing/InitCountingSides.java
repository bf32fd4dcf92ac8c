package dev.fluxext.build.testing;

import java.util.concurrent.atomic.AtomicInteger;

/** Side effects of {@link InitCountingSpout}, kept apart so that reading them does not initialize the spout. */
public final class InitCountingSides {

    public static final AtomicInteger STATIC_INITIALIZERS_RUN = new AtomicInteger();
    public static final AtomicInteger CONSTRUCTORS_RUN = new AtomicInteger();

    private InitCountingSides() {
    }
}
