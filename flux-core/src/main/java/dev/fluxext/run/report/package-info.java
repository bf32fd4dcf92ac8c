/**
 * What a local run reports: exact counts kept by a task hook in the run's workers
 * ({@link dev.fluxext.run.report.RunCounters}, {@link dev.fluxext.run.report.CountingHook}), what the start waits for
 * ({@link dev.fluxext.run.report.StartState}), the progress lines ({@link dev.fluxext.run.report.Progress}) and the
 * summary ({@link dev.fluxext.run.report.Summary}, {@link dev.fluxext.run.report.SummaryJson}). Knows nothing of how
 * the topology was run: uses no other run package but {@code run.process}.
 */
package dev.fluxext.run.report;
