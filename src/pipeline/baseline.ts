// The base branch's report for the comparison: from a file (`baseline`, `--baseline`) or from the
// artifact of the newest successful base-branch run (`baseline-artifact`). Finding that run and
// fetching the zip are GitHub's, passed in as functions; reading the text is sources', parsing it
// and comparing are model's. A baseline that does not exist yet, or that GitHub did not hand over
// (sources/baseline-artifact.ts), is skipped with a reason.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { applyBaseline, BaselineError, compareWithBaseline, parseBaselineReport } from "../model/baseline.js";
import type { FailOn, Report } from "../model/types.js";
import type { ArtifactLimits } from "../sources/artifact.js";
import type { BaselineRunLocation } from "../sources/baseline-artifact.js";
import { leadsOutReason, linkLeadsOut, type CheckoutBounds } from "../sources/checkout-links.js";
import { describeFileError } from "../text/file-errors.js";
import type { ArtifactReader } from "./collect.js";

export type BaselineLookup =
  { found: true; report: Report; source: string; runId: number } | { found: false; reason: string };

export interface BaselineArtifactLookup {
  /** Artifact name (`baseline-artifact`). */
  artifact: string;
  /** Workflow file name or id whose runs to search. */
  workflow: string;
  /** The base branch. */
  branch: string;
  /** Parent of the temp folder the artifact is unpacked into (RUNNER_TEMP). */
  tempDir: string;
  limits?: Partial<ArtifactLimits>;
}

export interface BaselineServices {
  /** The newest successful run of the workflow on the branch, or null when there is none. */
  findRun: BaselineRunLocation["findRun"];
  /** Reads the report file out of the run's artifact (sources/baseline-artifact.ts, given its zip fetcher). */
  readArtifact: ArtifactReader["readBaseline"];
  log: (message: string) => void;
}

export interface CompareSettings {
  regressionThresholdPercent: number;
  minRegressionMs?: number;
  failOn: FailOn;
}

/** What a failed read of the baseline file says, by error code (else Node's own message). */
const READ_ERRORS: Record<string, string> = {
  ENOENT: "no such file (give the JSON report a run wrote with --json, or the report-json output)",
  EACCES: "permission denied",
  EISDIR: "a folder, not a file (give the JSON report itself)",
};

/** The JSON report in a file; `display` is how messages name it. */
export async function readBaselineFile(
  file: string,
  display: string,
  checkout?: CheckoutBounds,
): Promise<Report> {
  const leadsTo = checkout ? await linkLeadsOut(path.resolve(file), checkout) : null;
  if (leadsTo) throw new BaselineError(`baseline ${display}: cannot read it (${leadsOutReason(leadsTo)})`);
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    const why = READ_ERRORS[error.code ?? ""] ?? `cannot read it (${describeFileError(error)})`;
    throw new BaselineError(`baseline ${display}: ${why}`);
  });
  return parseBaselineReport(text, display);
}

/** Finds the newest successful base-branch run, downloads its report artifact and parses it. */
export async function downloadBaselineReport(
  request: BaselineArtifactLookup,
  services: BaselineServices,
): Promise<BaselineLookup> {
  const { artifact, workflow, branch } = request;
  const run = await services.findRun({ workflow, branch });
  if (!run) return { found: false, reason: `no successful run of workflow '${workflow}' on ${branch} yet` };
  if ("absent" in run) return { found: false, reason: run.absent };
  const read = await services
    .readArtifact({
      artifact,
      runId: run.id,
      tempDir: request.tempDir,
      ...(request.limits && { limits: request.limits }),
    })
    .catch((error: Error) => {
      throw new BaselineError(`baseline-artifact: ${error.message}`);
    });
  if (!read.found) return read;
  const report = parseBaselineReport(read.text, read.name);
  services.log(`Baseline: ${read.name}, the newest successful run on ${branch} (commit ${run.headSha}).`);
  return { found: true, report, source: `${artifact} (run ${run.id} on ${branch})`, runId: run.id };
}

/** This run compared with the baseline, and the conclusion decided again (for `new-errors`). */
export function compareReports(
  report: Report,
  baseline: Report,
  source: string,
  settings: CompareSettings,
): Report {
  const comparison = compareWithBaseline(report, baseline, {
    regressionThresholdPercent: settings.regressionThresholdPercent,
    ...(settings.minRegressionMs !== undefined ? { minRegressionMs: settings.minRegressionMs } : {}),
    source,
  });
  return applyBaseline(report, comparison, settings.failOn);
}
