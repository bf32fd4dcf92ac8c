/**
 * The flux process, for {@code cli} and every run package: its exit statuses
 * ({@link dev.fluxext.run.process.ExitCodes}), an expected failure ({@link dev.fluxext.run.process.RunException}), its
 * own temp directory and its end ({@link dev.fluxext.run.process.CliProcess}), Storm's config file checked before
 * Storm reads it ({@link dev.fluxext.run.process.StormConfigFile}). Uses no other run package.
 */
package dev.fluxext.run.process;
