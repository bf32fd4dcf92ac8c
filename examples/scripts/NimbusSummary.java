import java.util.Map;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * What Nimbus reports, one line each, for many-hosts.sh (run as a source file, Storm and its conf/ on the classpath):
 * {@code supervisor HOST slots N used N} and {@code topology NAME ID STATUS workers N}. Exit 1 when Nimbus does not
 * answer.
 */
public class NimbusSummary {
    public static void main(String[] args) {
        Map<String, Object> conf = Utils.readStormConfig();
        try (NimbusClient client = NimbusClient.getConfiguredClient(conf, 10_000)) {
            ClusterSummary summary = client.getClient().getClusterInfo();
            for (SupervisorSummary supervisor : summary.get_supervisors()) {
                System.out.println("supervisor " + supervisor.get_host() + " slots " + supervisor.get_num_workers()
                        + " used " + supervisor.get_num_used_workers());
            }
            for (TopologySummary topology : summary.get_topologies()) {
                System.out.println("topology " + topology.get_name() + " " + topology.get_id() + " "
                        + topology.get_status() + " workers " + topology.get_num_workers());
            }
        } catch (Exception e) {
            System.err.println("Nimbus does not answer: " + e);
            System.exit(1);
        }
    }
}
