/**
 * The embedded cluster of a local run: its configuration and its start, begun while the CLI reads the file
 * ({@link dev.fluxext.run.local.LocalClusterStart}), and what makes it start fast: Storm's hooks for tests
 * ({@code StormHooks}), the blob store its supervisors share with Nimbus
 * ({@link dev.fluxext.run.local.SharedNimbusBlobStore}), the fetch of a topology's blobs ahead of its slots
 * ({@link dev.fluxext.run.local.BlobPrefetch}). Uses only {@code run.process} of the run packages.
 */
package dev.fluxext.run.local;
