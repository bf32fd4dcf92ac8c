/**
 * The per-tuple serializer's work ({@link dev.fluxext.compression.serializer.CompressingValuesSerializer}): a
 * tuple's values written as Storm writes them, or as {@link dev.fluxext.compression.serializer.FixedLongValues} on
 * the batch transport, framed and compressed past the threshold; read back within bounds ({@code BoundedSerializers}
 * for Kryo's containers) and checked against their stream by the guard. Storm's config names it as
 * {@code dev.fluxext.compression.storm.CompressingListDelegateSerializer}.
 */
package dev.fluxext.compression.serializer;
