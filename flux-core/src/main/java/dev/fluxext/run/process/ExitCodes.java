package dev.fluxext.run.process;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The flux command's exit statuses; docs/cli.md and every command's --help list the same values. */
public final class ExitCodes {

    public static final int OK = 0;
    /** The topology file has errors (each printed as FILE:LINE:COL: message). */
    public static final int INVALID_TOPOLOGY = 1;
    /** Bad command line: unknown option, missing file argument, malformed -c. */
    public static final int USAGE = 2;
    /** Storm failed at run time: local cluster, Nimbus unreachable, submission rejected, internal error. */
    public static final int FAILURE = 3;
    /** An external tool the command needs (Graphviz dot) is not installed. */
    public static final int MISSING_TOOL = 4;
    /** Interrupted (SIGINT) outside a local run, which ends normally with 0 on Ctrl-C. */
    public static final int INTERRUPTED = 130;

    /** For --help, in picocli's exit code list form. */
    public static final Map<String, String> HELP = orderedHelp();

    private static Map<String, String> orderedHelp() {
        Map<String, String> help = new LinkedHashMap<>();
        help.put("0", "ok");
        help.put("1", "invalid topology (problems printed as FILE:LINE:COL: message)");
        help.put("2", "usage error");
        help.put("3", "runtime, cluster or submission failure");
        help.put("4", "missing external tool (Graphviz dot for --format svg)");
        help.put("130", "interrupted (Ctrl-C ends a local run with 0)");
        return Collections.unmodifiableMap(help);
    }

    private ExitCodes() {
    }
}
