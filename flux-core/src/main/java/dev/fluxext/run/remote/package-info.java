/**
 * Submission to a cluster's Nimbus ({@link dev.fluxext.run.remote.RemoteSubmitter}) and the wait for the topology to
 * run ({@code --wait-running}). Uses only {@code run.process} of the run packages.
 */
package dev.fluxext.run.remote;
