package dev.fluxext.read;

/**
 * Limits that keep hostile or broken input from exhausting memory or time. Topology files are small; these are far
 * above any real one.
 *
 * @param maxBytes          largest file accepted (checked before reading, and as a code point limit while parsing)
 * @param maxAliases        most aliases to lists/maps in one document (SnakeYAML's billion-laughs guard)
 * @param maxDepth          deepest nesting of lists and maps
 * @param maxExpandedNodes  most nodes after aliases are expanded (catches exponential expansion below maxAliases)
 */
public record ReadLimits(int maxBytes, int maxAliases, int maxDepth, int maxExpandedNodes) {

    public static final ReadLimits DEFAULT = new ReadLimits(3 * 1024 * 1024, 50, 64, 500_000);
}
