package dev.fluxext.diag;

/** A place in a topology file: the file as the user named it (or the included file's path), 1-based line and column. */
public record Position(String file, int line, int column) {

    /** For problems that belong to a file as a whole (e.g. it cannot be read). */
    public static Position ofFile(String file) {
        return new Position(file, 1, 1);
    }

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
