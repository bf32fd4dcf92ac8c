package dev.fluxext.compression.storm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Worker slot ports for a local cluster. LocalCluster numbers slots from 1024 up, so two local runs (or a test
 * suite next to one) would collide and Storm exits the JVM when a worker cannot bind; a free block avoids that. The
 * block lies below the kernel's ephemeral range: a port in that range that is free when probed can be taken by any
 * outgoing connection (ZooKeeper's clients, Netty's) before the worker binds it.
 *
 * <p>Here rather than in flux-core because a {@code LocalCluster} on this transport needs real Netty
 * ({@code storm.local.mode.zmq}), so real ports: used by flux's local run and by this module's own tests.
 */
public final class FreePorts {

    /** Lowest port chosen: above the well-known and commonly configured service ports. */
    private static final int LOWEST = 10_000;
    /** Linux's default start of the ephemeral range, if the kernel's setting cannot be read. */
    private static final int DEFAULT_EPHEMERAL_START = 32_768;

    private FreePorts() {
    }

    /**
     * The first of {@code count} consecutive ports that are free now (on loopback).
     *
     * @throws IllegalStateException if no such block is found
     * @throws UncheckedIOException if no local port can be opened at all
     */
    public static int consecutive(int count) {
        int below = ephemeralRangeStart();
        for (int attempt = 0; attempt < 50; attempt++) {
            int first = below - count > LOWEST
                    ? ThreadLocalRandom.current().nextInt(LOWEST, below - count) : ephemeral();
            if (first + count <= 65535 && allFree(first, count)) {
                return first;
            }
        }
        throw new IllegalStateException("found no " + count + " consecutive free ports for the local workers");
    }

    /** Whether the {@code count} ports from {@code first} on are free now: slots added to a running local cluster. */
    public static boolean free(int first, int count) {
        return first + count <= 65535 && allFree(first, count);
    }

    private static int ephemeral() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a local port: " + e.getMessage(), e);
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

    /** Where the kernel starts numbering outgoing connections' ports. */
    static int ephemeralRangeStart() {
        try {
            // Read line by line: procfs reports a size of 0, and Files.readString/readAllBytes then return only
            // the first byte ("3" for "32768 60999") on JDK 17.
            return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0)
                    .trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_START;
        }
    }
}
