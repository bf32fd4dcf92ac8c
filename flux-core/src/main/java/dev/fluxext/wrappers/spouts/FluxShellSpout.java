package dev.fluxext.wrappers.spouts;

import dev.fluxext.wrappers.ShellComponent;
import dev.fluxext.wrappers.ShellWrapper;
import org.apache.storm.spout.ShellSpout;
import org.apache.storm.topology.IRichSpout;

/**
 * A spout written in another language (Storm's multilang protocol, {@link ShellSpout}) whose streams and config come
 * from the topology file; a drop-in for Storm Flux's {@code org.apache.storm.flux.wrappers.spouts.FluxShellSpout}:
 * <pre>
 * className: dev.fluxext.wrappers.spouts.FluxShellSpout
 * constructorArgs: [["node", "randomsentence.js"], ["sentence"]]
 * configMethods:
 *   - {name: setNamedStream, args: ["errors", ["message"]]}
 *   - {name: addComponentConfig, args: ["my.key", "value"]}
 * </pre>
 */
public class FluxShellSpout extends ShellSpout implements IRichSpout, ShellWrapper {

    private static final long serialVersionUID = 1L;

    private final ShellComponent component;

    /** A spout that emits nothing (its streams may still be added with {@code setNamedStream}). */
    public FluxShellSpout(String[] command) {
        this(command, new String[0]);
    }

    /** A spout that runs {@code command} and emits {@code outputFields} on the default stream. */
    public FluxShellSpout(String[] command, String[] outputFields) {
        super(command);
        this.component = new ShellComponent(outputFields);
    }

    @Override
    public ShellComponent shellComponent() {
        return component;
    }
}
