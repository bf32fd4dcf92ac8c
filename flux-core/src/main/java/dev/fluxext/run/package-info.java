/**
 * Running a built topology, called by {@code cli} only: the hand-off to Storm in Storm's class loader
 * ({@link dev.fluxext.run.StormHandOff}), a local run from submission to summary ({@code LocalRunner}), and where
 * Storm's log goes ({@link dev.fluxext.run.StormLogging}). Uses {@code run.local} (the embedded cluster),
 * {@code run.remote} (submission to a cluster), {@code run.report} (what a run reports) and {@code run.process}
 * (exit statuses, failures); none of them uses this package.
 */
package dev.fluxext.run;
