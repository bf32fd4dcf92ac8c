package dev.fluxext;

import dev.fluxext.diag.Diagnostic;
import dev.fluxext.diag.Diagnostics;
import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.model.TopologyDef;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Loads test topology files under {@code src/test/resources} through every stage short of building. */
public final class Fixtures {

    public static final String DIR = "src/test/resources/";

    private Fixtures() {
    }

    public record Analysis(Optional<TopologyDef> model, List<String> messages) {
        public TopologyDef topology() {
            return model.orElseThrow(() -> new AssertionError("no model: " + messages));
        }
    }

    public static Analysis analyze(String file) {
        return analyze(options(file, null, false, Map.of()));
    }

    public static Analysis analyze(LoadOptions options) {
        Diagnostics diagnostics = new Diagnostics();
        Optional<TopologyDef> model = FluxLoader.analyze(options, diagnostics);
        return new Analysis(model, diagnostics.all().stream().map(Diagnostic::format).toList());
    }

    public static LoadOptions options(String file, String filter, boolean envFilter, Map<String, String> env) {
        return new LoadOptions(DIR + file, false, Optional.ofNullable(filter).map(f -> Path.of(DIR + f)), envFilter,
                env, Map.of());
    }

    /** The messages for {@code file}, each prefixed with its path, as the CLI prints them. */
    public static List<String> messages(String file) {
        return analyze(file).messages();
    }
}
