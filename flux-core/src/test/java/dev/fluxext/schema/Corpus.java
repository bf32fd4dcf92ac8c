package dev.fluxext.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The schema corpus ({@code schema/tests/valid|invalid}) and the examples, with each file's expected error lines. */
record Corpus(Path file, Set<Integer> expectedLines) {

    private static final Pattern EXPECT = Pattern.compile("(?m)^#\\s*expect:\\s*([0-9 ,]+)$");

    static List<Corpus> valid() {
        Path root = SchemaUpToDateTest.projectRoot();
        return Stream.concat(files(root.resolve("schema/tests/valid")), files(root.resolve("examples/topologies")))
                .map(f -> new Corpus(f, Set.of())).toList();
    }

    static List<Corpus> invalid() {
        return files(SchemaUpToDateTest.projectRoot().resolve("schema/tests/invalid")).map(Corpus::withExpectations)
                .toList();
    }

    String text() {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String name() {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }

    private static Corpus withExpectations(Path file) {
        try {
            Matcher m = EXPECT.matcher(Files.readString(file));
            if (!m.find()) {
                throw new IllegalStateException(file + " lacks its '# expect: LINE, LINE' comment");
            }
            Set<Integer> lines = new TreeSet<>();
            for (String n : m.group(1).split("[ ,]+")) {
                lines.add(Integer.parseInt(n.trim()));
            }
            return new Corpus(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Stream<Path> files(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(".yaml")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
