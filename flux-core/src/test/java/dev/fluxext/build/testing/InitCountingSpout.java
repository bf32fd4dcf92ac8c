package dev.fluxext.build.testing;

import org.apache.storm.testing.TestWordSpout;

/** A spout whose static initializer and constructor have side effects, counted in {@link InitCountingSides}. */
public class InitCountingSpout extends TestWordSpout {

    static {
        InitCountingSides.STATIC_INITIALIZERS_RUN.incrementAndGet();
    }

    public InitCountingSpout() {
        InitCountingSides.CONSTRUCTORS_RUN.incrementAndGet();
    }
}
