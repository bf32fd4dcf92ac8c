package dev.fluxext.cli;

import dev.fluxext.load.FluxLoader;
import dev.fluxext.load.LoadOptions;
import dev.fluxext.load.LoadResult;
import dev.fluxext.run.process.ExitCodes;
import dev.fluxext.run.process.RunException;
import dev.fluxext.run.process.CliProcess;
import dev.fluxext.run.StormLogging;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** The {@code flux} command: entry point of {@code bin/flux}. */
@Command(name = "flux", mixinStandardHelpOptions = true, versionProvider = Versions.class,
    description = {"Validate, inspect, draw and run Flux-compatible Storm topology files.",
        "Storm Flux's command form works too, with Flux's meaning: flux --local FILE [--sleep MS], "
            + "flux --remote FILE --jar JAR, flux --dry-run FILE (docs/running.md)."})
public final class FluxCli implements Runnable {

    /**
     * The commands, in the order the help lists them. Picocli's model of a command (reflection over its options and
     * their converters) costs a short command's start about 10 ms each: a line that names one gets only that one;
     * any other line (help, no command, a misspelt one) gets them all.
     */
    static final List<Class<?>> COMMANDS = List.of(SubmitCommand.class, ValidateCommand.class, ShowCommand.class,
        GraphCommand.class, TlsCommand.class, VersionCommand.class, CommandLine.HelpCommand.class);

    private final CliContext context;

    FluxCli(CliContext context) {
        this.context = context;
    }

    CliContext context() {
        return context;
    }

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(context.err());
        throw new CliException(ExitCodes.USAGE, "flux: missing a command");
    }

    public static void main(String[] args) {
        // First: the JDK reads java.io.tmpdir once, on first use.
        CliProcess.claim();
        StormLogging.toStderr(false);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = execute(FluxLoader::load, System.getenv(), out, err, args);
        out.flush();
        err.flush();
        // Storm leaves non-daemon threads behind; ending the process explicitly lets none keep the JVM alive.
        CliProcess.end(code);
    }

    /** Runs one command line and returns its exit status; never calls System.exit (tests use this). */
    static int execute(Function<LoadOptions, LoadResult> loader, Map<String, String> environment,
                       PrintWriter out, PrintWriter err, String... args) {
        CliContext context = new CliContext(loader, environment, Path.of("").toAbsolutePath(), out, err);
        try {
            Optional<Class<?>> named = args.length == 0 ? Optional.empty() : command(args[0]);
            CommandLine flux = configure(withCommands(new CommandLine(new FluxCli(context)), named), context);
            if (named.isEmpty() && isFluxForm(args)) {
                return commandLine(new Flux(context), context).setCommandName("flux").execute(args);
            }
            return flux.execute(args);
        } finally {
            UserClasses.uninstall();
        }
    }

    /**
     * Storm Flux's command form ({@code flux --local topology.yaml}): the line starts with an option other than help
     * or version, or with a YAML file, instead of a command.
     */
    private static boolean isFluxForm(String... args) {
        if (args.length == 0) {
            return false;
        }
        String first = args[0];
        if (first.startsWith("-")) {
            return !List.of("-h", "--help", "-V", "--version").contains(first);
        }
        return first.endsWith(".yaml") || first.endsWith(".yml");
    }

    /** {@code flux} with the command the line names, or with all of them (see {@link #COMMANDS}). */
    private static CommandLine withCommands(CommandLine flux, Optional<Class<?>> named) {
        if (named.isPresent() && named.get() != CommandLine.HelpCommand.class) {
            return flux.addSubcommand(named.get());
        }
        // Loops rather than a method reference to picocli: resolving one links picocli's CommandLine while the
        // launcher's class-data archive is made, and an archive leaves out a pre-Java-6 class (picocli's) once linked.
        for (Class<?> command : COMMANDS) {
            flux.addSubcommand(command);
        }
        for (Class<?> command : ExtraCommand.all()) {
            flux.addSubcommand(command);
        }
        return flux;
    }

    /** The command {@code name}: one of ours, else one of another module's ({@link ExtraCommand}), looked up last. */
    private static Optional<Class<?>> command(String name) {
        Optional<Class<?>> ours = named(name, COMMANDS);
        return ours.isPresent() || isFluxForm(name) ? ours : named(name, ExtraCommand.all());
    }

    private static Optional<Class<?>> named(String name, List<Class<?>> commands) {
        for (Class<?> command : commands) {
            if (command.getAnnotation(Command.class).name().equals(name)) {
                return Optional.of(command);
            }
        }
        return Optional.empty();
    }

    /** The Storm-style {@link Flux} main, set up as {@code flux} is. */
    static CommandLine commandLine(Flux command, CliContext context) {
        return configure(new CommandLine(command), context);
    }

    /** The picocli setup shared by {@code flux} and the Storm-style {@link Flux} main. */
    private static CommandLine configure(CommandLine commandLine, CliContext context) {
        commandLine.setOut(context.out());
        commandLine.setErr(context.err());
        commandLine.setExecutionExceptionHandler((e, cl, parseResult) -> handle(e, cl, parseResult));
        commandLine.setParameterExceptionHandler((e, args) -> usageError(e));
        listExitCodes(commandLine);
        return commandLine;
    }

    /** Every command's --help lists the exit codes. */
    private static void listExitCodes(CommandLine commandLine) {
        commandLine.getCommandSpec().usageMessage()
            .exitCodeListHeading("%nExit codes:%n")
            .exitCodeList(ExitCodes.HELP);
        commandLine.getSubcommands().values().forEach(FluxCli::listExitCodes);
    }

    private static int handle(Exception e, CommandLine commandLine, ParseResult parseResult) {
        if (e instanceof CommandLine.ParameterException pe) {
            return usageError(pe);
        }
        return report(e, commandLine.getErr(), verbose(parseResult));
    }

    /** Prints a command's failure (the stack trace only with {@code verbose}) and returns its exit status. */
    static int report(Exception e, PrintWriter err, boolean verbose) {
        if (e instanceof CliException cli) {
            return RunException.print(cli.getMessage(), cli.getCause(), cli.exitCode(), err, verbose);
        }
        return RunException.report(e, err, verbose);
    }

    /** The mistake and where to look, not the whole help page, which would push the mistake off the screen. */
    private static int usageError(CommandLine.ParameterException e) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println(malformedConfig(e).orElse(e.getMessage()));
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return ExitCodes.USAGE;
    }

    /**
     * {@code -c VALUE} without '=', in words: picocli's own message names the option twice ("Value for option option
     * '--config'") and not what to write instead.
     */
    private static Optional<String> malformedConfig(CommandLine.ParameterException e) {
        if (!(e.getArgSpec() instanceof CommandLine.Model.OptionSpec option)
            || !List.of(option.names()).contains("--config") || e.getValue() == null || e.getValue().contains("=")) {
            return Optional.empty();
        }
        return Optional.of("flux: -c " + e.getValue() + ": a config override is KEY=VALUE, e.g. "
            + "-c topology.workers=2; VALUE is read as YAML, so a list is -c nimbus.seeds='[\"a\",\"b\"]'");
    }

        private static boolean verbose(ParseResult parseResult) {
        for (ParseResult p = parseResult; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }
}
