package dev.fluxext.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyFilesTest {

    @TempDir
    Path dir;

    private List<String> find(List<String> includes, List<String> excludes) {
        return TopologyFiles.find(dir, includes, excludes).stream()
                .map(f -> dir.relativize(f).toString().replace('\\', '/')).toList();
    }

    private void touch(String... names) throws IOException {
        for (String name : names) {
            Path file = dir.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, "name: x\n");
        }
    }

    @Test
    void doubleStarSlashMatchesTheTopDirectoryTooAndResultsAreSorted() throws IOException {
        touch("b.yaml", "a.yml", "sub/c.yaml", "notes.txt");
        assertEquals(List.of("a.yml", "b.yaml", "sub/c.yaml"), find(List.of("**/*.yaml", "**/*.yml"), List.of()));
    }

    @Test
    void excludesLeaveFilesOut() throws IOException {
        touch("main.yaml", "fragments/common.yaml", "fragments/deep/more.yaml");
        assertEquals(List.of("main.yaml"), find(List.of("**/*.yaml"), List.of("fragments/**")));
    }

    @Test
    void aGlobWithoutDoubleStarMatchesOnlyItsOwnLevel() throws IOException {
        touch("top.yaml", "sub/nested.yaml");
        assertEquals(List.of("top.yaml"), find(List.of("*.yaml"), List.of()));
    }

    @Test
    void aMissingDirectoryHasNoFiles() {
        assertEquals(List.of(), TopologyFiles.find(dir.resolve("absent"), List.of("**/*.yaml"), List.of()));
    }
}
