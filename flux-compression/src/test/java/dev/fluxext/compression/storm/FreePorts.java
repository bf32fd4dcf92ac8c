package dev.fluxext.compression.storm;

/** Free port blocks for LocalClusters whose workers use real Netty. */
public final class FreePorts {

    private FreePorts() {
    }

    /**
     * Storm numbers worker ports from 1024 up; another local cluster on the machine would collide with that. Chosen
     * below the kernel's ephemeral range (32768 up by default), where no outgoing connection (ZooKeeper's clients)
     * can take a port between this probe and the worker's bind.
     */
    public static int block(int count) throws java.io.IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first = java.util.concurrent.ThreadLocalRandom.current().nextInt(10_000, 32_768 - count);
            if (first + count <= 65535 && portsFree(first, count)) {
                return first;
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free ports");
    }

    private static boolean portsFree(int first, int count) {
        for (int port = first; port < first + count; port++) {
            try (java.net.ServerSocket probe = new java.net.ServerSocket(port)) {
                probe.setReuseAddress(true);
            } catch (java.io.IOException e) {
                return false;
            }
        }
        return true;
    }
}
