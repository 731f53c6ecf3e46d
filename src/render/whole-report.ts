// Where the whole report is, for the notes of a rendering that left something out ("… and 40 more
// errors, listed in …"). A file on the runner is gone when the job ends unless something uploads it,
// so the uploaded artifact comes first, then the files the step wrote where a later step can upload
// them, and otherwise how to keep the report.
import { code, linkDestination } from "./escape.js";

export interface KeptReport {
  /** The artifact the report files were uploaded as (upload-artifact); null = none. */
  artifact: string | null;
  /** The upload-artifact artifact whose upload failed; null = none. */
  failedArtifact?: string | null;
  /** Report files this run wrote outside the runner's temp folder, as the inputs named them. */
  files: string[];
}

export function renderWholeReportHint(kept: KeptReport, runUrl?: string): string {
  if (kept.artifact) {
    const run = runUrl ? `[this workflow run](${linkDestination(runUrl)})` : "this workflow run";
    return `the ${code(kept.artifact)} artifact of ${run}`;
  }
  if (kept.files.length > 0) return `${kept.files.map(code).join(" and ")} (written on the runner)`;
  if (kept.failedArtifact) {
    return (
      `the JSON report, which this run could not keep: the upload of the ${code(kept.failedArtifact)} ` +
      "artifact failed (the step's warnings say why)"
    );
  }
  return (
    "the JSON report, which this run did not keep: set `upload-artifact` to keep the reports with the " +
    "workflow run, or `json-report` to write it where a later step can upload it"
  );
}
