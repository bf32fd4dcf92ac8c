package dev.fluxext.read;

/**
 * Limits that keep hostile or broken input from exhausting memory or time. Topology files are small; these are far
 * above any real one (Storm's own Flux examples: under 10 KB, under 500 values, 2 includes at most, scalars under
 * 200 characters). docs/security.md lists them with measured figures.
 *
 * @param maxBytes          largest file accepted (checked before reading, and as a code point limit while parsing)
 * @param maxAliases        most aliases to lists/maps in one document (SnakeYAML's billion-laughs guard)
 * @param maxDepth          deepest nesting of lists and maps
 * @param maxExpandedNodes  most nodes after aliases are expanded (catches exponential expansion below maxAliases)
 * @param maxLineChars      longest line: SnakeYAML's time grows with the square of a line's length (a 2.9 MB line takes
 *                          seconds), so long lines are refused before it reads them
 * @param maxScalarChars    longest scalar (text value or key), also after {@code ${...}} substitution
 * @param maxNumberChars    longest number: parsing a huge integer is quadratic, and no setting needs 100 digits
 * @param maxExpandedChars  most characters of scalar text in all files of one topology once aliases are expanded and
 *                          placeholders substituted (aliases to scalars, which SnakeYAML does not count, share text
 *                          in memory, but every later copy, like Storm's JSON config, would not)
 * @param maxIncludes       most files included by one topology, counting a file each time it is included (a
 *                          diamond of includes multiplies without being a cycle)
 */
public record ReadLimits(int maxBytes, int maxAliases, int maxDepth, int maxExpandedNodes, int maxLineChars, int maxScalarChars,
                         int maxNumberChars, long maxExpandedChars, int maxIncludes) {

    public static final ReadLimits DEFAULT = new ReadLimits(3 * 1024 * 1024, 50, 64, 100_000, 64 * 1024, 64 * 1024, 100,
            8L * 1024 * 1024, 64);
}
