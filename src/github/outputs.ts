// The step outputs (action.yml `outputs:`): their names, and their values for a report. `comment-url`
// and `check-run-url` are filled in by publishAll from what GitHub answered.
import path from "node:path";
import { stepOutputCounts } from "../model/status-table.js";
import type { Report } from "../model/types.js";

export const OUTPUT = {
  conclusion: "conclusion",
  errors: "errors",
  failedTests: "failed-tests",
  warnedTests: "warned-tests",
  skipped: "skipped",
  passed: "passed",
  commentUrl: "comment-url",
  checkRunUrl: "check-run-url",
  reportJson: "report-json",
  runResults: "run-results",
} as const;

/** `report-json` and `run-results` name a file only when this run wrote it. */
export function outputsFor(
  report: Report,
  files: { jsonReport: string; runResults: string | null },
  written: ReadonlySet<string>,
): Record<string, string> {
  const ifWritten = (file: string | null): string =>
    file && written.has(path.resolve(file)) ? path.resolve(file) : "";
  const counts = stepOutputCounts(report.counts);
  return {
    [OUTPUT.conclusion]: report.conclusion,
    ...Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, String(n)])),
    [OUTPUT.reportJson]: ifWritten(files.jsonReport),
    [OUTPUT.runResults]: ifWritten(files.runResults),
  };
}
