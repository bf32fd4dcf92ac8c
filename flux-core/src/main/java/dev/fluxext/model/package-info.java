/**
 * The topology as an immutable model: what the YAML says after includes and {@code ${...}} substitution,
 * with every structural problem already reported.
 *
 * <p>What the {@code build} stage may rely on when {@link dev.fluxext.model.TopologyDef} reaches it. It is built
 * only when the read, resolve, model and check stages reported no errors other than
 * {@linkplain dev.fluxext.diag.Diagnostics#recoverableError recoverable} ones, which leave the offending key or
 * value out (so these guarantees still hold) and make the load fail whatever the build finds:
 * <ul>
 *   <li>Every list and map is unmodifiable and non-null; absent optional keys are {@code Optional.empty()} or
 *       empty collections, never {@code null}.</li>
 *   <li>Ids of components, spouts and bolts are unique across all three; every {@link dev.fluxext.model.Value.Ref}
 *       names a component declared earlier; every stream's {@code from} is a spout or bolt and its {@code to}
 *       a bolt; FIELDS groupings have field names, CUSTOM ones a {@code customClass}.</li>
 *   <li>Either {@code topologySource} is present and there are no spouts, bolts or streams, or the reverse.</li>
 *   <li>{@code parallelism} and {@code numTasks} are at least 1; loads are at least 0.</li>
 *   <li>Compression settings are validated and converted ({@code ConfigOption.problemWith} found nothing),
 *       keyed by {@code CompressionOptions} keys; Storm 3 compression keys were moved out of {@code config:}
 *       maps into them.</li>
 *   <li>Nothing about classes is checked yet: class names, constructors, methods and config values are the
 *       {@code build} stage's to check, reporting at the spans carried here.</li>
 * </ul>
 * Every element that can be the subject of an error carries a {@link dev.fluxext.model.Span} of its text: the
 * element (its whole map), its class name, each argument value, each config key and value.
 */
package dev.fluxext.model;
