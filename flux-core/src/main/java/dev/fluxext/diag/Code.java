package dev.fluxext.diag;

/**
 * The kinds of diagnostics, each with a stable id that tools and CI may match on (the message text may improve; the
 * id does not change). {@code docs/diagnostics.md} lists them with an example and the fix (generated from here).
 */
public enum Code {
    FILE_UNREADABLE("FX101", "A topology, included or --filter file cannot be read (missing, a directory, not a "
            + "regular file such as a FIFO or device, too large, empty).",
            "file 'topolgy.yaml' not found",
            "Check the path; a classpath resource needs --resource (or `resource: true` in an include)."),
    YAML_SYNTAX("FX102", "The file is not valid YAML, or uses YAML this DSL does not allow (tags, complex keys).",
            "'parallelism' is indented by 3 spaces and it lines up with no key above it: indent it by 4 spaces, like "
                    + "'className' on line 3",
            "Do what the message says at the position given (indentation, a tab, a quote or bracket to close, a "
                    + "value to quote); remove `!!tags`."),
    DUPLICATE_KEY("FX103", "A key appears twice in one map, as written or once `${...}` placeholders are substituted; "
            + "the second is ignored.",
            "duplicate key 'parallelism' (first at line 4): a key may appear once in a map and only the first counts; "
                    + "remove one of them, or, if this one belongs to another element, fix its indentation",
            "Remove one of the two; the related location points at the first."),
    INCLUDE("FX104", "An `includes:` entry is malformed or the includes form a cycle.",
            "include cycle: a.yaml -> b.yaml -> a.yaml",
            "Give each include a `file`; include each file from one place only."),
    PLACEHOLDER("FX105", "A `${...}` placeholder has no value.",
            "'${parallelism}' has no value: give a properties file with --filter that defines 'parallelism'",
            "Pass --filter FILE (or --env-filter for `${ENV-NAME}`) defining the key, or write the value."),
    UNKNOWN_KEY("FX201", "A key the language does not declare at this place.",
            "unknown key 'paralellism' in spout 'words'; did you mean 'parallelism'?",
            "Use the suggested key; docs/yaml-reference.md lists every key of every element."),
    WRONG_TYPE("FX202", "A value of the wrong kind (a list where a map belongs, text where a number belongs, ...).",
            "'parallelism' of bolt 'counter' must be a whole number, not 'two'",
            "Write the kind of value the message names."),
    MISSING_KEY("FX203", "A required key is missing.",
            "missing 'className' in spout 'words'",
            "Add the key to the element the position points at."),
    OUT_OF_RANGE("FX204", "A value outside its allowed range or set.",
            "'zstd.windowLog' must be 0 (let the level choose) or from 10 to 27, not 5",
            "Use a value in the range the message names."),
    CONFLICTING_KEYS("FX205", "Keys that exclude each other, or one setting given twice in different ways.",
            "'fluxext.compression.codec' is set both here and in the 'compression:' block of bolt 'count'",
            "Keep one of them; the related location points at the other."),
    EMPTY_TOPOLOGY("FX206", "The topology declares neither spouts nor a `topologySource`.",
            "the topology has no spouts: declare 'spouts' (and 'bolts' and 'streams'), or a 'topologySource'",
            "Declare the spouts, bolts and streams, or a topologySource."),
    DUPLICATE_ID("FX301", "Two components, spouts or bolts share an id.",
            "duplicate id 'split': already used by the bolt declared at line 12",
            "Rename one; ids are unique across components, spouts and bolts."),
    UNKNOWN_REFERENCE("FX302", "A `ref`, `reflist` or stream end names no suitable element.",
            "stream from unknown spout or bolt 'sentance'; did you mean 'sentence'?",
            "Use the id of an element declared (for `ref`, above the reference); streams go to bolts."),
    GROUPING("FX303", "A grouping lacks what its type needs, or has what it cannot use.",
            "FIELDS grouping needs 'args': the list of field names to group by",
            "Give FIELDS groupings `args` and CUSTOM ones `customClass`, and nothing else."),
    NO_EFFECT("FX304", "A setting or element that has no effect as written (warning).",
            "'numTasks' (1) of bolt 'count' is less than its 'parallelism' (2): only 1 executors will run",
            "Remove it, or connect/configure what it needs to take effect."),
    LEFT_OUT("FX305", "A bolt no stream goes to: left out of the topology, as Storm's Flux leaves it out (warning).",
            "no stream goes to bolt 'audit': it is left out of the topology, as Storm's Flux leaves it out",
            "Add a stream to it (a bolt that works from tick tuples alone: `from: __system`, `streamId: __tick`), "
                    + "or remove it."),
    STREAM_CYCLE("FX306", "Streams that form a cycle: a bolt to itself, or back to itself through others (warning; "
            + "Storm's submitter only logs it).",
            "stream from bolt 'count' to itself: what it emits on stream 'default' comes back to it, and tuples "
                    + "circle for ever unless it stops emitting for some of them",
            "Send the stream to another bolt; if the loop is intended (e.g. retries), make sure it ends."),
    CLASS("FX401", "A class that does not exist or is not of the kind needed here.",
            "class com.example.WordSpout not found; did you mean com.example.WordsSpout?",
            "Fix the class name (fully qualified, `$` for nested classes) or put its jar on the classpath."),
    MEMBER("FX402", "No constructor, factory, method, property or field fits the arguments, or calling it failed.",
            "no constructor WordSpout(String, int): constructors are WordSpout(String)",
            "Change the arguments to match one of the signatures the message lists."),
    STORM_CONFIG("FX403", "A config value Storm's own validators reject.",
            "'topology.workers' must be an integer, not 'two'",
            "Give the value the type and range Storm documents for that key."),
    STORM_CONFIG_IGNORED("FX404", "A config key Storm 2.8 deprecates or ignores where it is set (warning).",
            "'topology.workers' is ignored per component by Storm 2.8 workers; set it in the topology config",
            "Move the key to the topology `config:`, or drop it."),
    STREAM_FIELDS("FX405", "A stream or field that the source component does not declare.",
            "'split' declares no stream 'words' (it declares: default)",
            "Subscribe to a stream the component declares, group by its declared fields."),
    STORM_REJECTED("FX406", "Storm (or a component's own code) refused the topology while it was built.",
            "Storm could not create the topology: ...",
            "Read Storm's message; it names the component or setting it refused."),
    STORM_CONFIG_NULL("FX407", "A Storm config key written without a value (warning): Storm gets null for it.",
            "'topology.message.timeout.secs' has no value: Storm gets null for it, in place of its default",
            "Give the value, or remove the key to keep Storm's default."),
    MISSING_JAR("FX408", "A class of a package that has no class on the classpath: its jar is missing.",
            "class org.apache.storm.hdfs.bolt.HdfsBolt not found: no class of package org.apache.storm.hdfs.bolt is "
                    + "on the classpath; it is in Storm's connector storm-hdfs: add org.apache.storm:storm-hdfs:2.8.3 "
                    + "with its dependencies (--jar, --classpath, or your topology jar)",
            "Put the jar on the classpath (`--jar`, `--classpath`, or the topology jar's dependencies); for a Storm "
                    + "connector, the artifact the message names, with its dependencies."),
    TLS_STORE("FX409", "A `transport.tls` store or password a worker could not use: a relative path, a store that "
            + "does not open with the password, an unknown store type; with `submit --local`, one not on this machine. "
            + "Warnings: a password file other users can read; a Storm TLS password key in `config:` or `-c` (it goes "
            + "into the topology config).",
            "transport tls keystore: /etc/fluxext/tls/worker.p12 does not open with the password from the environment "
                    + "variable FLUX_TLS_PASSWORD (wrong password?)",
            "Give the absolute path of a PKCS12 or JKS store that opens with the password (`flux tls init DIR` makes "
                    + "them), and the password's source where the workers read it."),
    TLS_NOT_HERE("FX410", "A `transport.tls` store, password file or password variable that is not on this machine "
            + "(warning): the stores are not checked here; each worker checks them at start, on its own host. "
            + "`submit --local`, whose workers run on this machine, makes it an error (FX409).",
            "the TLS stores and password file are not on this machine: each worker checks them at start",
            "Nothing, when each worker host has them at these paths (`flux tls init DIR --workers ...` makes one "
                    + "directory per host); for `submit --local`, give the paths of this machine's files."),
    TLS_SETTING("FX411", "A `transport.tls` protocol or cipher suite workers must not or cannot use: a protocol "
            + "older than TLS 1.2, or a suite the TLS engine does not offer for the protocol (the engine `auto` picks "
            + "on this machine, `openssl` or `jdk`).",
            "transport tls protocols: TLSv1 is outdated and weak (TLS 1.0 and 1.1 are deprecated by RFC 8996, SSL is "
                    + "broken); write protocols: TLSv1.3 (the default) or TLSv1.2 (one name)",
            "Write `protocols: TLSv1.3` (the default) or `TLSv1.2`; give suites from the list the message prints "
                    + "(the engine's for that protocol), or leave `ciphers` out for Storm's TLS 1.3 suites."),
    OVERRIDE("FX501", "A `-c KEY=VALUE` override that cannot apply.",
            "compression is configured in the topology file (a 'compression:' block, or Storm 3 keys in "
                    + "'config:'), not with -c",
            "Set the value in the topology file, or give -c a valid value for the key."),
    INTERNAL("FX900", "A bug of fluxext rather than a problem of the file.",
            "internal error: java.lang.NullPointerException (run with --verbose for the stack trace)",
            "Report it with the --verbose output.");

    private final String id;
    private final String summary;
    private final String example;
    private final String fix;

    Code(String id, String summary, String example, String fix) {
        this.id = id;
        this.summary = summary;
        this.example = example;
        this.fix = fix;
    }

    /** The stable id, e.g. {@code FX201}. */
    public String id() {
        return id;
    }

    public String summary() {
        return summary;
    }

    /** A message of this kind, as printed. */
    public String example() {
        return example;
    }

    public String fix() {
        return fix;
    }
}
