// The pipeline both entries run, from a typed request: collect the telemetry (dbt platform, workflow
// artifact, local files), build the report, compare it with the base branch's report (a file or an
// artifact). It returns what the renderers and the report files need and throws typed errors
// (NoTelemetryError, BaselineError, TelemetryInputError …): what becomes of them is the entry's call.
// What only GitHub can do (fetch an artifact, find the base branch's run) comes in as functions.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FailOn, Report } from "../model/types.js";
import type { BaselineRunLocation } from "../sources/baseline-artifact.js";
import type { CheckoutBounds } from "../sources/checkout-links.js";
import type { TelemetryFile } from "../sources/telemetry-file.js";
import {
  compareReports,
  downloadBaselineReport,
  readBaselineFile,
  type CompareSettings,
} from "./baseline.js";
import { collectTelemetry, type CollectServices, type TelemetryRequest } from "./collect.js";
import { readTelemetryReport } from "./read-telemetry.js";
import { redactReport } from "./redact-report.js";
import { trackWorkFolder, untrackWorkFolder } from "./work-folders.js";

export interface PipelineRequest {
  telemetry: TelemetryRequest;
  baseline: BaselineRequest | null;
  /** How many slowest nodes to list. */
  slowest: number;
  failOn: FailOn;
  /** Percent slower than the baseline that counts as a regression… */
  regressionThresholdPercent: number;
  /** …and how many milliseconds slower at least (the model's default when unset). */
  minRegressionMs?: number;
  generatorVersion: string;
  /** Where downloads are kept while they are read (RUNNER_TEMP, the OS temp dir). */
  tempDir: string;
}

export type BaselineRequest =
  /**
   * A JSON report on disk; `display` is how messages name it (the path as the user gave it);
   * `checkout` as for the telemetry (the Action's).
   */
  | { file: string; display: string; checkout?: CheckoutBounds }
  /** The report in this artifact of the newest successful base-branch run. */
  | { artifact: string };

export interface PipelineServices extends CollectServices {
  /** A problem that leaves the report as it is (a baseline that does not exist yet). */
  warning: (message: string) => void;
  /** For `{ artifact }` baselines: where to look, or why the comparison is skipped. */
  locateBaselineRun?: () => Promise<BaselineRunLocation | { skip: string }>;
  /** Masks the secrets the entry was given in every string of the report (text/secrets.ts). */
  redact?: (text: string) => string;
  /**
   * Told the files once they are collected, before any is read: the process entries fit V8 to the
   * read there (optimising-compiler.ts).
   */
  beforeReading?: (files: readonly TelemetryFile[]) => void;
}

/** What a process entry (index.ts, cli-entry.ts) adds to the pipeline: its own settings for the read. */
export type ProcessEntry = Pick<PipelineServices, "beforeReading">;

export interface PipelineResult {
  report: Report;
  /** Paths of the telemetry files that were read: outputs must never be written over them. */
  telemetryFiles: string[];
}

export async function runPipeline(
  request: PipelineRequest,
  services: PipelineServices,
): Promise<PipelineResult> {
  const work = workFolder(request.tempDir);
  try {
    const { files, failedSteps } = await collectTelemetry(request.telemetry, work.path, services);
    services.beforeReading?.(files);
    let report = await readTelemetryReport(
      files,
      { slowest: request.slowest, failOn: request.failOn, generatorVersion: request.generatorVersion },
      failedSteps,
    );
    if (request.baseline) {
      const settings = {
        regressionThresholdPercent: request.regressionThresholdPercent,
        ...(request.minRegressionMs !== undefined ? { minRegressionMs: request.minRegressionMs } : {}),
        failOn: request.failOn,
      };
      report = await withBaseline(report, request.baseline, settings, work.path, services);
    }
    if (services.redact) report = redactReport(report, services.redact);
    return { report, telemetryFiles: files.flatMap((file) => (file.path ? [file.path] : [])) };
  } finally {
    await work.remove();
  }
}

async function withBaseline(
  report: Report,
  baseline: BaselineRequest,
  settings: CompareSettings,
  workDir: () => Promise<string>,
  services: PipelineServices,
): Promise<Report> {
  if ("file" in baseline) {
    const base = await readBaselineFile(baseline.file, baseline.display, baseline.checkout);
    return compareReports(report, base, baseline.display, settings);
  }
  const skip = (why: string): Report => {
    const failOn = settings.failOn === "new-errors" ? " and fail-on: new-errors acts like errors" : "";
    services.warning(
      `Baseline comparison skipped: ${why.replace(/\.$/, "")}. The report has no comparison${failOn}.`,
    );
    return report;
  };
  const located = services.locateBaselineRun
    ? await services.locateBaselineRun()
    : { skip: `baseline-artifact '${baseline.artifact}' needs a github-token and GITHUB_REPOSITORY` };
  if ("skip" in located) return skip(located.skip);
  if (!services.artifacts) throw new Error("reading a workflow artifact needs the GitHub side");
  const lookup = await downloadBaselineReport(
    {
      artifact: baseline.artifact,
      workflow: located.workflow,
      branch: located.branch,
      tempDir: await workDir(),
    },
    { findRun: located.findRun, readArtifact: services.artifacts.readBaseline, log: services.log },
  );
  if (!lookup.found) return skip(lookup.reason);
  return compareReports(report, lookup.report, lookup.source, settings);
}

/**
 * A temp folder made on first use (most runs download nothing) and removed with what is in it; also
 * when the CLI is interrupted (work-folders.ts).
 */
function workFolder(parent: string): { path: () => Promise<string>; remove: () => Promise<void> } {
  let made: Promise<string> | null = null;
  const make = async (): Promise<string> => {
    const folder = await mkdtemp(path.join(parent || os.tmpdir(), "fusion-report-"));
    trackWorkFolder(folder);
    return folder;
  };
  return {
    path: () => (made ??= make()),
    remove: async () => {
      if (!made) return;
      const folder = await made;
      await rm(folder, { recursive: true, force: true });
      untrackWorkFolder(folder);
    },
  };
}
