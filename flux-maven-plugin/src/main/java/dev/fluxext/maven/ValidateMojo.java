package dev.fluxext.maven;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;

/**
 * Checks the project's topology files as {@code flux validate} does, against the project's own classes (its compiled
 * classes and runtime dependencies) and the plugin's Storm: schema, references, classes, constructors, Storm config
 * values. Errors fail the build, each as {@code FILE:LINE:COL: message}; warnings are logged.
 */
@Mojo(name = "validate", defaultPhase = LifecyclePhase.VERIFY, requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = true)
public class ValidateMojo extends AbstractMojo {

    /** Storm comes from the plugin; a second copy (defaults.yaml twice on the class path) breaks Storm's config. */
    private static final String STORM_GROUP = "org.apache.storm";

    // Package-private for ValidateMojoTest; Maven injects them either way.
    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    /** Where the topology files are. */
    @Parameter(property = "fluxext.directory", defaultValue = "${project.basedir}/src/main/topologies")
    File directory;

    /** Globs relative to {@code directory}; {@code **}{@code /} also matches no directory at all. */
    @Parameter
    private List<String> includes = List.of("**/*.yaml", "**/*.yml");

    /** Globs relative to {@code directory} of files to leave out (fragments only ever included by others, ...). */
    @Parameter
    private List<String> excludes = List.of();

    /** Properties file whose values replace {@code ${key}} placeholders, as {@code flux validate --filter}. */
    @Parameter(property = "fluxext.filter")
    private File filter;

    /** Replace {@code ${ENV-NAME}} placeholders from the environment, as {@code flux validate --env-filter}. */
    @Parameter(property = "fluxext.envFilter", defaultValue = "false")
    private boolean envFilter;

    /** Fail the build on warnings too. */
    @Parameter(property = "fluxext.failOnWarning", defaultValue = "false")
    private boolean failOnWarning;

    @Parameter(property = "fluxext.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("fluxext:validate skipped");
            return;
        }
        List<Path> files = TopologyFiles.find(directory.toPath(), includes, excludes);
        if (files.isEmpty()) {
            getLog().warn("No topology files in " + directory + " match " + includes
                    + (excludes.isEmpty() ? "" : " minus " + excludes));
            return;
        }
        int errors = 0;
        int warnings = 0;
        try (URLClassLoader classes = projectClassLoader()) {
            TopologyFileCheck check = new TopologyFileCheck(classes, Optional.ofNullable(filter).map(File::toPath),
                    envFilter);
            for (Path file : files) {
                TopologyFileCheck.Findings findings = check.check(label(file));
                findings.errors().forEach(getLog()::error);
                findings.warnings().forEach(getLog()::warn);
                findings.internalError().ifPresent(e -> getLog().debug(e));
                errors += findings.errors().size();
                warnings += findings.warnings().size();
            }
        } catch (IOException e) {
            throw new MojoExecutionException("cannot close the project's class loader: " + e.getMessage(), e);
        }
        if (errors > 0 || (failOnWarning && warnings > 0)) {
            // Each problem is logged above; Maven prints this message again at the end, so it only counts them.
            String summary = errors == 0 ? warnings + " warning(s) in topology files (failOnWarning)"
                    : errors + (errors == 1 ? " error" : " errors") + " in topology files (listed above)";
            throw new MojoFailureException(summary);
        }
        getLog().info(files.size() + (files.size() == 1 ? " topology file" : " topology files") + " valid"
                + (warnings > 0 ? " (" + warnings + " warning(s))" : ""));
    }

    /**
     * The project's classes over the plugin's (flux-core, Storm): parent first, so the user's spouts and bolts
     * implement the very Storm interfaces flux-core checks against.
     */
    private URLClassLoader projectClassLoader() throws MojoExecutionException {
        List<URL> urls = new ArrayList<>();
        try {
            urls.add(new File(project.getBuild().getOutputDirectory()).toURI().toURL());
            for (Artifact artifact : project.getArtifacts()) {
                if (artifact.getFile() == null || !artifact.getArtifactHandler().isAddedToClasspath()) {
                    continue;
                }
                if (STORM_GROUP.equals(artifact.getGroupId())) {
                    getLog().warn(artifact + " is not 'provided': the topology jar would bundle Storm, which "
                            + "breaks workers; mark it <scope>provided</scope>");
                    continue;
                }
                urls.add(artifact.getFile().toURI().toURL());
            }
        } catch (MalformedURLException e) {
            throw new MojoExecutionException("cannot build the project's class path: " + e.getMessage(), e);
        }
        getLog().debug("fluxext:validate class path: " + urls);
        return new URLClassLoader(urls.toArray(URL[]::new), getClass().getClassLoader());
    }

    /** The file as messages name it: relative to the working directory, where Maven was started, when below it. */
    private static String label(Path file) {
        Path cwd = Path.of("").toAbsolutePath();
        Path absolute = file.toAbsolutePath().normalize();
        return absolute.startsWith(cwd) ? cwd.relativize(absolute).toString() : absolute.toString();
    }
}
