package dev.fluxext.examples.cluster;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.storm.Config;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.SupervisorSummary;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * A Storm cluster (of the line whose jars it is given) of separate JVMs on loopback, from the Maven artifacts alone: ZooKeeper (the one Storm
 * shades), Nimbus and one Supervisor with two worker slots, which starts each worker as its own process. It lays
 * out a Storm installation under {@code dir} as {@code bin/storm} would find it: {@code conf/storm.yaml},
 * {@code lib-worker/} (the workers' Storm jars), {@code log4j2/} ({@code cluster.xml} for the daemons,
 * {@code worker.xml}, which the supervisor passes to every worker), {@code logs/} and a private
 * {@code storm.local.dir}. All ports are free ones picked at start. {@link #close} kills every process, workers
 * included, also those a dead supervisor left behind; a shutdown hook does the same if the JVM exits first.
 */
final class StormCluster implements AutoCloseable {

    static final String ZOOKEEPER_MAIN = "org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain";
    static final String WORKER_MAIN = "org.apache.storm.daemon.worker.Worker";
    private static final String LOG_WRITER_MAIN = "org.apache.storm.LogWriter";

    final Path home;
    final Path localDir;
    final Path logs;
    final Path metricsDir;
    final int nimbusPort;
    final List<Integer> slots;
    private final int zookeeperPort;
    private final int supervisorPort;
    private final List<Path> stormJars;
    private final List<ChildJvm> daemons = new ArrayList<>();
    private final Thread shutdownHook = new Thread(this::killAll, "storm-cluster-cleanup");

    private StormCluster(Path home, List<Path> stormJars, List<Integer> ports) {
        this.home = home;
        this.stormJars = List.copyOf(stormJars);
        this.localDir = home.resolve("storm-local");
        this.logs = home.resolve("logs");
        this.metricsDir = home.resolve("metrics");
        this.zookeeperPort = ports.get(0);
        this.nimbusPort = ports.get(1);
        this.supervisorPort = ports.get(2);
        this.slots = List.of(ports.get(3), ports.get(4));
    }

    /**
     * Lays out the installation of {@code stormJars} (a Storm's lib/) under {@code home} and starts ZooKeeper, Nimbus
     * and the Supervisor; waits until Nimbus sees the 2 slots.
     */
    static StormCluster start(Path home, List<Path> stormJars) throws Exception {
        StormCluster cluster = new StormCluster(home.toAbsolutePath(), stormJars, freePorts(5));
        Runtime.getRuntime().addShutdownHook(cluster.shutdownHook);
        try {
            cluster.layOut();
            cluster.startDaemons();
            return cluster;
        } catch (Exception | AssertionError e) {
            cluster.close();
            throw e;
        }
    }

    private static List<Integer> freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(socket);
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    private void layOut() throws IOException {
        Files.createDirectories(home.resolve("conf"));
        Files.createDirectories(localDir);
        Files.createDirectories(logs);
        Path libWorker = Files.createDirectories(home.resolve("lib-worker"));
        // Workers need storm-client and its libraries; the daemons' storm-server stays out, as in Storm's own lib-worker.
        for (Path jar : stormJars) {
            if (!jar.getFileName().toString().startsWith("storm-server-")) {
                Files.createSymbolicLink(libWorker.resolve(jar.getFileName()), jar);
            }
        }
        Path log4j = Files.createDirectories(home.resolve("log4j2"));
        Files.writeString(log4j.resolve("cluster.xml"), log4jConfig("${sys:storm.log.dir}/${sys:logfile.name}", ""));
        // The supervisor starts each worker through Storm's LogWriter, which logs the worker's stdout/stderr.
        String artifacts = "${sys:workers.artifacts}/${sys:storm.id}/${sys:worker.port}/";
        Files.writeString(log4j.resolve("worker.xml"), log4jConfig(artifacts + "${sys:logfile.name}",
                "<File name=\"out\" fileName=\"" + artifacts + "${sys:logfile.name}.out\">" + LAYOUT + "</File>",
                "<Logger name=\"STDOUT\" level=\"info\" additivity=\"false\"><AppenderRef ref=\"out\"/></Logger>"
                        + "<Logger name=\"STDERR\" level=\"info\" additivity=\"false\"><AppenderRef ref=\"out\"/></Logger>"));
        Files.writeString(home.resolve("conf/storm.yaml"), stormYaml());
    }

    private static final String LAYOUT = "<PatternLayout pattern=\"%d{ISO8601} %-5p [%t] %c{1.}: %m%n\"/>";

    private static String log4jConfig(String file, String... extra) {
        String appenders = extra.length > 0 ? extra[0] : "";
        String loggers = extra.length > 1 ? extra[1] : "";
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Configuration><Appenders>"
                + "<File name=\"file\" fileName=\"" + file + "\">" + LAYOUT + "</File>" + appenders
                + "</Appenders><Loggers>" + loggers
                + "<Logger name=\"org.apache.storm.shade\" level=\"warn\"/>"
                + "<Root level=\"info\"><AppenderRef ref=\"file\"/></Root></Loggers></Configuration>\n";
    }

    private String stormYaml() {
        return String.join("\n",
                "storm.zookeeper.servers: [\"127.0.0.1\"]",
                "storm.zookeeper.port: " + zookeeperPort,
                "storm.local.hostname: \"127.0.0.1\"",
                "storm.local.dir: \"" + localDir + "\"",
                "nimbus.seeds: [\"127.0.0.1\"]",
                "nimbus.thrift.port: " + nimbusPort,
                "supervisor.thrift.port: " + supervisorPort,
                "supervisor.slots.ports: " + slots,
                // Fixed and small: this machine runs several JVMs besides the two workers.
                "worker.childopts: \"-Xmx256m -XX:+UseSerialGC -XX:+HeapDumpOnOutOfMemoryError\"",
                // The compression figures (per-tuple and batch), per worker: the filter docs/compression.md shows;
                // the same setting works in a real cluster's storm.yaml.
                "topology.metrics.reporters:",
                "  - class: \"org.apache.storm.metrics2.reporters.CsvStormReporter\"",
                "    report.period: 2",
                "    report.period.units: \"SECONDS\"",
                "    csv.log.dir: \"" + metricsDir + "\"",
                "    filter:",
                "      class: \"org.apache.storm.metrics2.filters.RegexFilter\"",
                "      expression: \".*fluxext.*\"",
                // And the reporter docs/compression.md shows, but every 10 s: into each worker's worker.log.
                "  - class: \"org.apache.storm.metrics2.reporters.ConsoleStormReporter\"",
                "    report.period: 10",
                "    report.period.units: \"SECONDS\"",
                "    filter:",
                "      class: \"org.apache.storm.metrics2.filters.RegexFilter\"",
                "      expression: \".*fluxext.*\"",
                "");
    }

    private void startDaemons() throws Exception {
        String classpath = home.resolve("conf") + File.pathSeparator + StormJars.classpath(stormJars);
        Map<String, String> env = Map.of("JAVA_HOME", System.getProperty("java.home"));

        Path zkData = Files.createDirectories(home.resolve("zookeeper"));
        daemons.add(ChildJvm.start("zookeeper", home, logs.resolve("zookeeper.out"), env,
                List.of("-Xmx128m", "-XX:+UseSerialGC", "-Dzookeeper.admin.enableServer=false"),
                classpath, ZOOKEEPER_MAIN, List.of(String.valueOf(zookeeperPort), zkData.toString())));
        Poll.until("ZooKeeper to listen on port " + zookeeperPort, Duration.ofSeconds(90),
                () -> Optional.of(true).filter(ok -> accepts(zookeeperPort)), this::describe);

        daemons.add(daemon("nimbus", "org.apache.storm.daemon.nimbus.Nimbus", classpath, env));
        daemons.add(daemon("supervisor", "org.apache.storm.daemon.supervisor.Supervisor", classpath, env));
        // Until Nimbus listens, every client call logs a stack trace: wait for the port first.
        Poll.until("Nimbus to listen on port " + nimbusPort, Duration.ofSeconds(120),
                () -> Optional.of(true).filter(ok -> accepts(nimbusPort)), this::describe);
        Poll.until("Nimbus to report a supervisor with 2 slots", Duration.ofSeconds(180), () -> {
            ClusterSummary summary = clusterSummary();
            return summary.get_supervisors().stream().map(SupervisorSummary::get_num_workers)
                    .filter(n -> n == 2).findFirst();
        }, this::describe);
    }

    private ChildJvm daemon(String name, String main, String classpath, Map<String, String> env) throws IOException {
        return ChildJvm.start(name, home, logs.resolve(name + ".out"), env,
                List.of("-Xmx256m", "-XX:+UseSerialGC", "-Dstorm.home=" + home, "-Dstorm.log.dir=" + logs,
                        "-Dlogfile.name=" + name + ".log",
                        "-Dlog4j.configurationFile=" + home.resolve("log4j2/cluster.xml")),
                classpath, main, List.of());
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** What a client needs to reach this cluster's Nimbus, on top of Storm's defaults. */
    Map<String, Object> clientConf() {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put(Config.NIMBUS_SEEDS, List.of("127.0.0.1"));
        conf.put(Config.NIMBUS_THRIFT_PORT, nimbusPort);
        return conf;
    }

    ClusterSummary clusterSummary() throws Exception {
        try (NimbusClient client = NimbusClient.getConfiguredClient(clientConf(), 10_000)) {
            return client.getClient().getClusterInfo();
        }
    }

    <T> T withNimbus(NimbusCall<T> call) throws Exception {
        try (NimbusClient client = NimbusClient.getConfiguredClient(clientConf(), 10_000)) {
            return call.call(client.getClient());
        }
    }

    interface NimbusCall<T> {
        T call(org.apache.storm.generated.Nimbus.Iface nimbus) throws Exception;
    }

    /**
     * This cluster's worker JVMs, port to pid: the processes running Storm's worker main class with this cluster's
     * {@code storm.local.dir} (not their LogWriter parents, whose command line names the worker's too).
     */
    Map<Integer, Long> workerPids() {
        Map<Integer, Long> workers = new TreeMap<>();
        ProcessHandle.allProcesses().forEach(process -> {
            List<String> args = commandLine(process.pid());
            if (isOurs(args) && args.contains(WORKER_MAIN) && !args.contains(LOG_WRITER_MAIN)) {
                args.stream().filter(arg -> arg.startsWith("-Dworker.port=")).findFirst()
                        .ifPresent(arg -> workers.put(Integer.parseInt(arg.substring("-Dworker.port=".length())),
                                process.pid()));
            }
        });
        return workers;
    }

    /** The classpath a worker process was started with ({@code -cp}), entries as the supervisor wrote them. */
    List<String> workerClasspath(long pid) {
        List<String> args = commandLine(pid);
        int cp = args.indexOf("-cp");
        return cp < 0 || cp + 1 >= args.size() ? List.of() : List.of(args.get(cp + 1).split(File.pathSeparator));
    }

    /** The log4j log of the worker on {@code port} (a restarted worker appends to its predecessor's). */
    Path workerLog(String topologyId, int port) {
        return logs.resolve("workers-artifacts").resolve(topologyId).resolve(String.valueOf(port)).resolve("worker.log");
    }

    private boolean isOurs(List<String> args) {
        return args.contains("-Dstorm.local.dir=" + localDir);
    }

    /** The process's command line from /proc (complete, unlike what some JDKs report for long ones). */
    private static List<String> commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline"));
            return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    String describe() {
        StringBuilder s = new StringBuilder("daemons ");
        for (ChildJvm daemon : daemons) {
            s.append(daemon).append(daemon.isAlive() ? " running; " : " EXITED; ");
        }
        return s.append("workers (port=pid) ").append(workerPids()).append("; logs under ").append(home).toString();
    }

    private void killAll() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            daemons.get(i).killTree();
        }
        // Workers whose supervisor died are no longer its descendants: find them by this cluster's local dir.
        ProcessHandle.allProcesses().filter(p -> isOurs(commandLine(p.pid()))).forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Kills every process, then deletes the cluster's scratch state (storm.local.dir with the topology jar copies,
     * ZooKeeper's data, the jar links); logs, ledgers and metrics stay under {@link #home} for a post-mortem.
     */
    @Override
    public void close() {
        killAll();
        for (String scratch : List.of("storm-local", "zookeeper", "lib-worker", "storm_rocks")) {
            deleteTree(home.resolve(scratch));
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down and runs the hook anyway
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            System.err.println("could not delete " + dir + ": " + e);
        }
    }
}
