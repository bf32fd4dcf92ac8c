package dev.fluxext.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/** {@link FluxCli#main} with the test topologies, for runs in a child JVM. */
public final class TestCliMain {

    private TestCliMain() {
    }

    public static void main(String[] args) {
        StormLogging.toStderr(false);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = FluxCli.execute(TestTopologies::load, System.getenv(), out, err, args);
        out.flush();
        System.exit(code);
    }
}
