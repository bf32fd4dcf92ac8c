package dev.fluxext.run.process;

import dev.fluxext.read.InputFiles;
import dev.fluxext.read.ReadLimits;
import java.nio.file.Files;
import java.nio.file.Path;

/** Storm's own config file, checked before Storm reads it. */
public final class StormConfigFile {

    private StormConfigFile() {
    }

    /**
     * Storm reads {@code storm.conf.file} (the storm script's {@code --config FILE}) as a classpath resource, else as a
     * file, unchecked: a FIFO there would block and a device never end. Checked as every file flux reads.
     */
    public static void check() {
        String name = System.getProperty("storm.conf.file");
        if (name == null || name.isEmpty() || name.contains("=")
            || Thread.currentThread().getContextClassLoader().getResource(name) != null) {
            return; // none, a KEY=VALUE meant for -c (explained in cli.Flux), or a resource, which Storm reads first
        }
        Path path = Path.of(name);
        if (Files.exists(path)) {
            try {
                InputFiles.checkRegular(path, "Storm config file (storm.conf.file, the storm script's --config)",
                    ReadLimits.DEFAULT.maxBytes());
            } catch (InputFiles.Refused e) {
                throw new RunException(ExitCodes.USAGE, "flux: " + e.getMessage());
            }
        }
    }
}
