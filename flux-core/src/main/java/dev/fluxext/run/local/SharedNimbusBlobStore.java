package dev.fluxext.run.local;

import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.auth.Subject;
import org.apache.storm.blobstore.AtomicOutputStream;
import org.apache.storm.blobstore.InputStreamWithMeta;
import org.apache.storm.blobstore.LocalFsBlobStore;
import org.apache.storm.generated.AuthorizationException;
import org.apache.storm.generated.KeyAlreadyExistsException;
import org.apache.storm.generated.KeyNotFoundException;
import org.apache.storm.generated.ReadableBlobMeta;
import org.apache.storm.generated.SettableBlobMeta;
import org.apache.storm.nimbus.ILeaderElector;
import org.apache.storm.nimbus.NimbusInfo;
import org.apache.storm.utils.ConfigUtils;

/**
 * The local cluster's blob store ({@code nimbus.blobstore.class}): Nimbus's is Storm's {@link LocalFsBlobStore},
 * and the supervisors read the topology's blobs (its code, config and jar) through that same instance.
 *
 * <p>In local mode a supervisor has no Thrift client to Nimbus: for every blob it reads (each of the topology's
 * three, and once more to ask for an update time it then ignores) Storm 2.8.3's {@code AsyncLocalizer} makes a
 * {@code LocalFsBlobStore} of its own over Nimbus's directory, each with three new ZooKeeper sessions, and closes it
 * again: eight stores and 24 sessions for a two-worker run. The first of them is made on the slot's own thread
 * before it waits for the blobs: 0.5-0.7 s of each worker's start in Storm's log (issue 37). A
 * supervisor's store is made with no {@link NimbusInfo} (Storm's {@code ServerUtils.getClientBlobStoreForSupervisor});
 * Nimbus's own with one. Here the supervisors' instances delegate to Nimbus's, which reads the same files with the
 * same checks (the key, its ACL with the supervisor's empty subject, the version), and closing one of them leaves
 * Nimbus's open. Without a Nimbus's store for that directory (not made by a local cluster) it is Storm's own.
 */
public final class SharedNimbusBlobStore extends LocalFsBlobStore {

    /** Nimbus's store by the absolute path of its directory; one entry per local cluster running in this JVM. */
    private static final Map<String, SharedNimbusBlobStore> NIMBUS_STORES = new ConcurrentHashMap<>();

    /** Nimbus's store when this is a supervisor's, else null: this one is a real store. */
    private LocalFsBlobStore nimbus;
    private String directory;

    @Override
    public void prepare(Map<String, Object> conf, String overrideBase, NimbusInfo nimbusInfo,
                        ILeaderElector leaderElector) {
        directory = new File(overrideBase != null ? overrideBase : ConfigUtils.absoluteStormBlobStoreDir(conf))
            .getAbsolutePath();
        nimbus = nimbusInfo == null ? NIMBUS_STORES.get(directory) : null;
        if (nimbus == null) {
            super.prepare(conf, overrideBase, nimbusInfo, leaderElector);
            if (nimbusInfo != null) {
                NIMBUS_STORES.put(directory, this);
            }
        }
    }

    @Override
    public void shutdown() {
        if (nimbus == null) {
            NIMBUS_STORES.remove(directory, this);
            super.shutdown();
        }
        // A supervisor's view: Nimbus's store stays open for Nimbus.
    }

    @Override
    public void startSyncBlobs() throws KeyNotFoundException, AuthorizationException {
        if (nimbus != null) {
            nimbus.startSyncBlobs();
        } else {
            super.startSyncBlobs();
        }
    }

    @Override
    public AtomicOutputStream createBlob(String key, SettableBlobMeta meta, Subject who)
        throws AuthorizationException, KeyAlreadyExistsException {
        return nimbus != null ? nimbus.createBlob(key, meta, who) : super.createBlob(key, meta, who);
    }

    @Override
    public AtomicOutputStream updateBlob(String key, Subject who) throws AuthorizationException, KeyNotFoundException {
        return nimbus != null ? nimbus.updateBlob(key, who) : super.updateBlob(key, who);
    }

    @Override
    public ReadableBlobMeta getBlobMeta(String key, Subject who) throws AuthorizationException, KeyNotFoundException {
        return nimbus != null ? nimbus.getBlobMeta(key, who) : super.getBlobMeta(key, who);
    }

    @Override
    public void setLeaderElector(ILeaderElector leaderElector) {
        if (nimbus == null) {
            super.setLeaderElector(leaderElector);
        }
        // A supervisor's view does not elect Nimbus's leader.
    }

    @Override
    public void setBlobMeta(String key, SettableBlobMeta meta, Subject who)
        throws AuthorizationException, KeyNotFoundException {
        if (nimbus != null) {
            nimbus.setBlobMeta(key, meta, who);
        } else {
            super.setBlobMeta(key, meta, who);
        }
    }

    @Override
    public void deleteBlob(String key, Subject who) throws AuthorizationException, KeyNotFoundException {
        if (nimbus != null) {
            nimbus.deleteBlob(key, who);
        } else {
            super.deleteBlob(key, who);
        }
    }

    @Override
    public InputStreamWithMeta getBlob(String key, Subject who) throws AuthorizationException, KeyNotFoundException {
        return nimbus != null ? nimbus.getBlob(key, who) : super.getBlob(key, who);
    }

    @Override
    public Iterator<String> listKeys() {
        return nimbus != null ? nimbus.listKeys() : super.listKeys();
    }

    @Override
    public int getBlobReplication(String key, Subject who) throws Exception {
        return nimbus != null ? nimbus.getBlobReplication(key, who) : super.getBlobReplication(key, who);
    }

    @Override
    public int updateBlobReplication(String key, int replication, Subject who)
        throws AuthorizationException, KeyNotFoundException {
        return nimbus != null ? nimbus.updateBlobReplication(key, replication, who)
            : super.updateBlobReplication(key, replication, who);
    }

    @Override
    public boolean checkForBlobOrDownload(String key) throws KeyNotFoundException {
        return nimbus != null ? nimbus.checkForBlobOrDownload(key) : super.checkForBlobOrDownload(key);
    }

    @Override
    public void checkForBlobUpdate(String key) {
        if (nimbus != null) {
            nimbus.checkForBlobUpdate(key);
        } else {
            super.checkForBlobUpdate(key);
        }
    }

    @Override
    public void fullCleanup(long age) throws IOException {
        if (nimbus != null) {
            nimbus.fullCleanup(age);
        } else {
            super.fullCleanup(age);
        }
    }

    @Override
    public void updateLastBlobUpdateTime() throws IOException {
        if (nimbus != null) {
            nimbus.updateLastBlobUpdateTime();
        } else {
            super.updateLastBlobUpdateTime();
        }
    }

    @Override
    public void validateBlobUpdateTime() throws IOException {
        if (nimbus != null) {
            nimbus.validateBlobUpdateTime();
        } else {
            super.validateBlobUpdateTime();
        }
    }
}
