/**
 * The receive guard: what happens to a message a peer sends before Storm reads it. A worker learns its topology when
 * it binds ({@link dev.fluxext.compression.guard.GuardedCallback#of}): each task's component and each stream's
 * fields ({@code TopologyShape}, kept per topology in {@link dev.fluxext.compression.guard.TaskDirectory}). Each
 * message's header is checked against it ({@code TupleHeaderCheck}) and a bad one dropped; the serializer checks the
 * values against their stream ({@link dev.fluxext.compression.guard.StreamFields}); rejections are counted per
 * sending component and logged at most every ten seconds ({@link dev.fluxext.compression.guard.RejectLog}).
 * Entered from {@code dev.fluxext.compression.storm.FrameGuardContext}; uses only {@code frame} and
 * {@code metrics}.
 */
package dev.fluxext.compression.guard;
