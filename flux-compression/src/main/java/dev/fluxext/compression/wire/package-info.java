/**
 * What a worker sends: the connection a wrapping transport hands Storm
 * ({@link dev.fluxext.compression.wire.ForwardingConnection}, which the batch transport's connection extends too),
 * and the guarded transport's {@link dev.fluxext.compression.wire.CountingConnection}, which counts each tuple per
 * sending component as it goes on the wire ({@link dev.fluxext.compression.wire.WireCounter}); the per-component
 * figures as Storm gauges ({@link dev.fluxext.compression.wire.ComponentGauges}). Uses {@code guard} for the
 * components of tasks.
 */
package dev.fluxext.compression.wire;
