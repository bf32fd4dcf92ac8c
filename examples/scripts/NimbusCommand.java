import java.util.Map;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.Nimbus;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * Nimbus's view and the few topology actions many-hosts.sh offers (a Storm installation's {@code storm} command is
 * not part of Storm's Maven jars). Run as a source file, Storm and its conf/ on the classpath:
 * <ul>
 *   <li>{@code summary}: {@code supervisor HOST slots N used N} and {@code topology NAME ID STATUS workers N}, a line each;
 *   <li>{@code kill NAME}, {@code activate NAME}, {@code deactivate NAME}.
 * </ul>
 * Exit 1 when Nimbus does not answer or refuses.
 */
public class NimbusCommand {
    public static void main(String[] args) {
        Map<String, Object> conf = Utils.readStormConfig();
        try (NimbusClient client = NimbusClient.getConfiguredClient(conf, 10_000)) {
            Nimbus.Iface nimbus = client.getClient();
            String command = args.length == 0 ? "summary" : args[0];
            switch (command) {
                case "summary" -> summary(nimbus.getClusterInfo());
                case "kill" -> {
                    KillOptions options = new KillOptions();
                    options.set_wait_secs(0); // the workers go at once: the cluster is for trials
                    nimbus.killTopologyWithOpts(args[1], options);
                }
                case "activate" -> nimbus.activate(args[1]);
                case "deactivate" -> nimbus.deactivate(args[1]);
                default -> throw new IllegalArgumentException("commands: summary, kill NAME, activate NAME, deactivate NAME");
            }
        } catch (Exception e) {
            System.err.println("nimbus: " + e);
            System.exit(1);
        }
    }

    private static void summary(ClusterSummary summary) {
        for (SupervisorSummary supervisor : summary.get_supervisors()) {
            System.out.println("supervisor " + supervisor.get_host() + " slots " + supervisor.get_num_workers()
                    + " used " + supervisor.get_num_used_workers());
        }
        for (TopologySummary topology : summary.get_topologies()) {
            System.out.println("topology " + topology.get_name() + " " + topology.get_id() + " "
                    + topology.get_status() + " workers " + topology.get_num_workers());
        }
    }
}
