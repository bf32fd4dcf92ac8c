package dev.fluxext.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.storm.topology.base.BaseRichSpout;

/**
 * A user's own project, compiled by the test: package {@code userpkg} with a spout counting up and a bolt that
 * passes numbers on, in classes flux's classpath does not have, packed into a jar.
 */
final class UserJar {

    static final String TOPOLOGY = """
        name: user-topology
        config:
          topology.workers: 1
        spouts:
          - id: numbers
            className: userpkg.NumberSpout
            parallelism: 1
        bolts:
          - id: double
            className: userpkg.DoublingBolt
            parallelism: 1
        streams:
          - from: numbers
            to: double
            grouping:
              type: SHUFFLE
        """;

    /** The spout and bolt of {@link #TOPOLOGY}: file name → Java source. */
    static final Map<String, String> SOURCES = Map.of(
        "userpkg/NumberSpout.java", """
            package userpkg;
            import java.util.Map;
            import org.apache.storm.spout.SpoutOutputCollector;
            import org.apache.storm.task.TopologyContext;
            import org.apache.storm.topology.OutputFieldsDeclarer;
            import org.apache.storm.topology.base.BaseRichSpout;
            import org.apache.storm.tuple.Fields;
            import org.apache.storm.tuple.Values;
            public class NumberSpout extends BaseRichSpout {
                private SpoutOutputCollector collector;
                private long next;
                @Override public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector c) {
                    collector = c;
                }
                @Override public void nextTuple() {
                    collector.emit(new Values(next++));
                    try { Thread.sleep(5); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
                }
                @Override public void declareOutputFields(OutputFieldsDeclarer declarer) {
                    declarer.declare(new Fields("n"));
                }
            }
            """,
        "userpkg/DoublingBolt.java", """
            package userpkg;
            import org.apache.storm.topology.BasicOutputCollector;
            import org.apache.storm.topology.OutputFieldsDeclarer;
            import org.apache.storm.topology.base.BaseBasicBolt;
            import org.apache.storm.tuple.Fields;
            import org.apache.storm.tuple.Tuple;
            import org.apache.storm.tuple.Values;
            public class DoublingBolt extends BaseBasicBolt {
                @Override public void execute(Tuple input, BasicOutputCollector collector) {
                    collector.emit(new Values(2 * input.getLong(0)));
                }
                @Override public void declareOutputFields(OutputFieldsDeclarer declarer) {
                    declarer.declare(new Fields("doubled"));
                }
            }
            """);

    private UserJar() {
    }

    /** Compiles the user's classes into {@code dir/classes} and returns that directory. */
    static Path compile(Path dir) throws IOException {
        return compile(dir, SOURCES);
    }

    /** Compiles {@code sourceFiles} (file name → Java source) into {@code dir/classes} and returns that directory. */
    static Path compile(Path dir, Map<String, String> sourceFiles) throws IOException {
        Path sources = dir.resolve("src");
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", stormClient(), "-nowarn"));
        for (Map.Entry<String, String> source : sourceFiles.entrySet()) {
            Path file = sources.resolve(source.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, source.getValue());
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int status = javac.run(null, errors, errors, args.toArray(String[]::new));
        if (status != 0) {
            throw new IllegalStateException("the user classes did not compile:\n" + errors);
        }
        return classes;
    }

    /** The user's classes in {@code dir/user.jar}, with {@code extra} (jar entry name → file) added. */
    static Path jar(Path dir, Map<String, Path> extra) throws IOException {
        return pack(compile(dir), dir.resolve("user.jar"), extra);
    }

    /** {@code sourceFiles} (file name → Java source) compiled and packed into {@code dir/user.jar}. */
    static Path jarOf(Path dir, Map<String, String> sourceFiles) throws IOException {
        return pack(compile(dir, sourceFiles), dir.resolve("user.jar"), Map.of());
    }

    private static Path pack(Path classes, Path jar, Map<String, Path> extra) throws IOException {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                add(out, classes.relativize(file).toString().replace('\\', '/'), file);
            }
            for (Map.Entry<String, Path> entry : extra.entrySet()) {
                add(out, entry.getKey(), entry.getValue());
            }
        }
        return jar;
    }

    /** A class file of Storm's own, to make a jar that bundles Storm. */
    static Path stormClassFile(Path dir, String entryName) throws IOException {
        Path file = dir.resolve("storm-class.bin");
        try (var in = BaseRichSpout.class.getClassLoader().getResourceAsStream(entryName)) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    private static void add(JarOutputStream out, String name, Path file) throws IOException {
        out.putNextEntry(new JarEntry(name));
        Files.copy(file, out);
        out.closeEntry();
    }

    private static String stormClient() {
        try {
            return Path.of(BaseRichSpout.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
