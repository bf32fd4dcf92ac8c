package dev.fluxext.reflect;

/**
 * An object of a known class that is deliberately not created: what a reference stands for when a topology is checked
 * statically (by signature, running no user code). It fits any parameter its class fits.
 */
public record Unbuilt(Class<?> type) {
}
