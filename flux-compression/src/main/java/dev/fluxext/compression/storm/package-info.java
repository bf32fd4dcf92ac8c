/**
 * What Storm's config and a Java topology name: the entry points of per-tuple compression and of the receive guard,
 * kept in this package because topology configs (YAML, Java, ones already submitted to a cluster) hold their class
 * names.
 * <ul>
 *   <li>{@link dev.fluxext.compression.storm.CompressingListDelegateSerializer}: {@code topology.tuple.serializer},
 *       the per-tuple serializer as Storm builds it (its work is in {@code dev.fluxext.compression.serializer});</li>
 *   <li>{@link dev.fluxext.compression.storm.FrameGuardContext}: {@code storm.messaging.transport}, the transport
 *       that puts the receive guard ({@code dev.fluxext.compression.guard}) and the counting of what is sent
 *       ({@code dev.fluxext.compression.wire}) around the real one;</li>
 *   <li>{@link dev.fluxext.compression.storm.CompressionSetup} and
 *       {@link dev.fluxext.compression.storm.Compression}: the calls that write those names and the settings into
 *       a topology's config (flux-core's, or a Java topology's);</li>
 *   <li>Storm around the plugin: the Storm lines it runs on ({@link dev.fluxext.compression.storm.StormLines}),
 *       ports for a local cluster ({@link dev.fluxext.compression.storm.FreePorts}).</li>
 * </ul>
 * The packages below these never use this one or {@code batch}: data flows from here down.
 */
package dev.fluxext.compression.storm;
