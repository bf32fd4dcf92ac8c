package dev.fluxext.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Worker slot ports for a local cluster. LocalCluster numbers slots from 1024 up, so two local runs (or a test
 * suite next to one) would collide and Storm exits the JVM when a worker cannot bind; a free block avoids that.
 */
public final class FreePorts {

    private FreePorts() {
    }

    /** The first of {@code count} consecutive ports that are free now (on loopback). */
    public static int consecutive(int count) {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first = ephemeral();
            if (first + count <= 65535 && allFree(first, count)) {
                return first;
            }
        }
        throw new RunException(ExitCodes.FAILURE, "flux: found no " + count + " consecutive free ports for the local workers");
    }

    private static int ephemeral() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new RunException(ExitCodes.FAILURE, "flux: cannot open a local port: " + e.getMessage(), e);
        }
    }

    private static boolean allFree(int first, int count) {
        for (int port = first; port < first + count; port++) {
            try (ServerSocket socket = new ServerSocket(port)) {
                socket.setReuseAddress(true);
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
