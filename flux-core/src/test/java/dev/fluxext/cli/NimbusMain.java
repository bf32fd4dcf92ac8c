package dev.fluxext.cli;

import dev.fluxext.compression.storm.FreePorts;
import dev.fluxext.run.StormLogging;
import org.apache.storm.Config;
import org.apache.storm.LocalCluster;

/**
 * A real Nimbus reachable over Thrift, in its own JVM: a LocalCluster with its Thrift server on the port given as
 * the argument. Prints {@code NIMBUS READY} when it is up and stops when its stdin closes.
 */
public final class NimbusMain {

    private NimbusMain() {
    }

    public static void main(String[] args) throws Exception {
        StormLogging.toStderr(false);
        try (LocalCluster cluster = new LocalCluster.Builder()
                .withNimbusDaemon()
                .withDaemonConf(Config.NIMBUS_THRIFT_PORT, Integer.parseInt(args[0]))
                .withSupervisors(1)
                .withPortsPerSupervisor(5) // room for both test topologies' 2 workers and a failing one's
                .withSupervisorSlotPortMin(FreePorts.consecutive(5))
                .build()) {
            System.out.println("NIMBUS READY on port " + cluster.getThriftServerPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // Wait for the test to close our stdin.
            }
        }
        System.exit(0);
    }
}
