package dev.fluxext.differential;

import dev.fluxext.diag.Code;
import java.util.EnumSet;
import java.util.Set;

/**
 * Why a file is rejected, in terms both sides can be put in: Storm's root cause (the exception Flux or Storm's submit
 * checks end with) and fluxext's diagnostic codes. When both reject a file, Storm's cause must be among fluxext's, or
 * the difference has a name: rejecting for another reason than Storm's is a difference too (one side may reject the
 * file for a reason the other does not have).
 */
enum Cause {
    /** A class the file names is not on the classpath. */
    MISSING_CLASS(EnumSet.of(Code.CLASS, Code.MISSING_JAR)),
    /** An included file or resource (or the file itself) is not there. */
    MISSING_FILE(EnumSet.of(Code.FILE_UNREADABLE, Code.INCLUDE)),
    /** The text is not valid YAML. */
    YAML_SYNTAX(EnumSet.of(Code.YAML_SYNTAX)),
    /** A {@code ${...}} placeholder without a value. */
    PLACEHOLDER(EnumSet.of(Code.PLACEHOLDER)),
    /** A key or value of the wrong shape for Flux's model (Flux's YAML constructor refuses it). */
    SHAPE(EnumSet.of(Code.UNKNOWN_KEY, Code.WRONG_TYPE, Code.MISSING_KEY, Code.OUT_OF_RANGE, Code.CONFLICTING_KEYS)),
    /** References, streams, groupings or the topology's structure (Flux's builder or Nimbus's checks). */
    STRUCTURE(EnumSet.of(Code.UNKNOWN_REFERENCE, Code.DUPLICATE_ID, Code.GROUPING, Code.STREAM_FIELDS,
            Code.STORM_REJECTED, Code.EMPTY_TOPOLOGY, Code.STREAM_CYCLE, Code.OUT_OF_RANGE)),
    /** No constructor, factory or method matches the arguments, or one failed. */
    MEMBER(EnumSet.of(Code.MEMBER, Code.UNKNOWN_REFERENCE)),
    /** A config value Storm's validators reject. */
    CONFIG(EnumSet.of(Code.STORM_CONFIG, Code.STORM_CONFIG_NULL, Code.OUT_OF_RANGE, Code.WRONG_TYPE)),
    /** None of the above. */
    OTHER(EnumSet.noneOf(Code.class));

    private final Set<Code> codes;

    Cause(Set<Code> codes) {
        this.codes = codes;
    }

    /** Whether fluxext reporting {@code code} gives this reason. */
    boolean reportedAs(Code code) {
        return codes.contains(code);
    }

    /** Storm's root cause, from {@link StormFlux.Result#rejection()}: the exception chain, outermost first. */
    static Cause ofStorm(String rejection) {
        String r = rejection;
        if (StormFlux.missingClass(r)) {
            return MISSING_CLASS;
        }
        if (r.contains("FileNotFoundException") || r.contains("NoSuchFileException")
                || r.matches("(?s).*resource \\S+ not found.*")) {
            return MISSING_FILE;
        }
        if (r.contains("ScannerException") || r.contains("ParserException") || r.contains("ComposerException")) {
            return YAML_SYNTAX;
        }
        if (r.contains("\"properties\" is null")) { // a placeholder without --filter
            return PLACEHOLDER;
        }
        if (r.contains("Invalid topology config")) { // spouts and bolts next to a topologySource
            return SHAPE;
        }
        if (r.contains("Unable to find configuration method") || r.contains("Couldn't find a suitable")) {
            return MEMBER;
        }
        if (r.contains("ConstructorException") || r.contains("YAMLException")) {
            return SHAPE;
        }
        if (r.contains("InvalidTopologyException") || r.contains("argument shouldn't be null")
                || r.contains("IllegalStateException") || r.startsWith("Storm: IllegalArgumentException: Topology")
                || r.contains("parallelism") || r.equals("Flux: no topology built")
                || r.contains("NullPointerException")) { // Flux's builder meeting a component the file lacks
            return STRUCTURE;
        }
        if (r.contains("NoSuchMethodException") || r.contains("Couldn't find a suitable constructor")
                || r.contains("InstantiationException") || r.contains("IllegalArgumentException: argument type")) {
            return MEMBER;
        }
        if (r.startsWith("Storm: IllegalArgumentException") || r.contains("validat")) {
            return CONFIG;
        }
        return OTHER;
    }
}
