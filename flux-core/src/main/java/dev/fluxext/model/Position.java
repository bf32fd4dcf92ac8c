package dev.fluxext.model;

/**
 * A place in a topology file: the file as the user named it (or the included file's path), 1-based line and column.
 * A problem of a command-line argument rather than a file has line 0 and prints as the argument alone.
 */
public record Position(String file, int line, int column) {

    /** For a problem of a command-line argument, e.g. {@code -c topology.workers}: prints as just that. */
    public static Position ofArgument(String argument) {
        return new Position(argument, 0, 0);
    }

    /** For problems that belong to a file as a whole (e.g. it cannot be read). */
    public static Position ofFile(String file) {
        return new Position(file, 1, 1);
    }

    @Override
    public String toString() {
        return line == 0 ? file : file + ":" + line + ":" + column;
    }
}
