package dev.fluxext.run.local;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.storm.LocalCluster;
import org.apache.storm.daemon.supervisor.Supervisor;
import org.apache.storm.generated.LocalAssignment;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.localizer.AsyncLocalizer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Has every supervisor of a local cluster fetch a just-submitted topology's blobs (its code, config and jar) before
 * its worker slots take the assignment, so that they launch their workers without a 1-s wait (issue 37).
 *
 * <p>Storm 2.8.3 commits a blob's first download only once every slot that refers to it has acknowledged the
 * change ({@code LocallyCachedBlob.informReferencesAndCommitNewVersion}), and a slot waiting for that download
 * reads the notice only after waiting 1 s for it ({@code Slot.handleWaitingForBlobLocalization}): however fast the
 * download, each slot launched its worker about a second after it began waiting. Blobs fetched here are referred to
 * by a reservation that does not ask to be told of changes, on a port no slot has; a slot that comes later finds them
 * downloaded and launches its worker at once. A slot that takes the assignment before the download ends (it looks
 * once a second) waits as before. The run releases the reservation once its workers are up (every slot holds the
 * blobs then), or when it stops before.
 *
 * <p>Storm offers no public way to a supervisor's localizer: it is reached by reflection here and nowhere else.
 * Should that fail (another Storm version), the run goes on as Storm starts it, a second slower.
 */
public final class BlobPrefetch {

    private static final Logger LOG = LoggerFactory.getLogger(BlobPrefetch.class);

    /** The reservation's port: no worker slot has it. */
    private static final int PORT = -1;

    private final List<AsyncLocalizer> localizers;
    private final LocalAssignment reservation;

    private BlobPrefetch(List<AsyncLocalizer> localizers, LocalAssignment reservation) {
        this.localizers = localizers;
        this.reservation = reservation;
    }

    /** Starts the fetch of topology {@code name}'s blobs on every supervisor of {@code cluster}; never fails the run. */
    public static Optional<BlobPrefetch> start(LocalCluster cluster, String name) {
        try {
            TopologySummary topology = cluster.getTopologySummaryByName(name);
            LocalAssignment reservation = new LocalAssignment(topology.get_id(), List.of());
            reservation.set_owner(topology.get_owner());
            Method localizerOf = Supervisor.class.getDeclaredMethod("getAsyncLocalizer");
            localizerOf.setAccessible(true);
            List<AsyncLocalizer> localizers = new ArrayList<>();
            for (String id : cluster.getClusterState().supervisors(null)) {
                Supervisor supervisor = cluster.getSupervisor(id);
                if (supervisor != null) {
                    AsyncLocalizer localizer = (AsyncLocalizer) localizerOf.invoke(supervisor);
                    localizer.requestDownloadTopologyBlobs(reservation, PORT, null);
                    localizers.add(localizer);
                }
            }
            return Optional.of(new BlobPrefetch(localizers, reservation));
        } catch (Exception | LinkageError e) {
            LOG.info("Not fetching the topology's blobs ahead of its slots ({}): its workers start a second later", e.toString());
            return Optional.empty();
        }
    }

    /** Releases the reservation, so that Storm may delete the blobs once the topology's slots have released theirs. */
    public void release() {
        for (AsyncLocalizer localizer : localizers) {
            try {
                localizer.releaseSlotFor(reservation, PORT);
            } catch (Exception e) {
                LOG.info("Could not release the topology's blob reservation ({}); the cluster's end removes them", e.toString());
            }
        }
    }
}
