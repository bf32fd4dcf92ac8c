package dev.fluxext.wrappers.bolts;

import dev.fluxext.wrappers.ShellComponent;
import dev.fluxext.wrappers.ShellWrapper;
import org.apache.storm.task.ShellBolt;
import org.apache.storm.topology.IRichBolt;

/**
 * A bolt written in another language (Storm's multilang protocol, {@link ShellBolt}) whose streams and config come
 * from the topology file; a drop-in for Storm Flux's {@code org.apache.storm.flux.wrappers.bolts.FluxShellBolt}:
 * <pre>
 * className: dev.fluxext.wrappers.bolts.FluxShellBolt
 * constructorArgs: [["python3", "splitsentence.py"], ["word"]]
 * configMethods:
 *   - {name: setNamedStream, args: ["errors", ["message"]]}
 *   - {name: addComponentConfig, args: ["my.key", "value"]}
 * </pre>
 */
public class FluxShellBolt extends ShellBolt implements IRichBolt, ShellWrapper {

    private static final long serialVersionUID = 1L;

    private final ShellComponent component;

    /** A bolt that emits nothing (its streams may still be added with {@code setNamedStream}). */
    public FluxShellBolt(String[] command) {
        this(command, new String[0]);
    }

    /** A bolt that runs {@code command} and emits {@code outputFields} on the default stream. */
    public FluxShellBolt(String[] command, String[] outputFields) {
        super(command);
        this.component = new ShellComponent(outputFields);
    }

    @Override
    public ShellComponent shellComponent() {
        return component;
    }
}
