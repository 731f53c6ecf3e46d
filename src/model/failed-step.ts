// A dbt platform step that ended in Error and wrote no telemetry (a failed clone, profile or
// `dbt deps`, or a dbt command that died before its Parquet footer): the telemetry cannot tell the
// report it failed, so the step becomes an invocation of its own, failed with no node to blame. The
// conclusion then counts it like a local build that crashed, and the step gets its section.
//
// A step that ended in Error and did write telemetry, which shows no failure (the step failed after
// dbt finished, or for a reason the telemetry does not record), is its invocation, failed the same
// way: the platform's word is not overruled by a green-looking file.
import { emptyCounts } from "./counts.js";
import { pickSlowest } from "./slowest.js";
import type { Invocation } from "./types.js";

export interface FailedStep {
  index: number;
  name: string;
  runId: number;
  /** The run's page on the dbt platform. */
  url?: string;
  /** The dbt command of the step ("dbt deps"), when its name says it. */
  command: string | null;
  /** The platform's word for the step's status ("Error"). */
  status: string;
  /** Cut off by the run's cancellation rather than failed: an invocation that did not finish. */
  cancelled?: boolean;
  /** It left a telemetry file without the Parquet footer (it died writing it), unreadable. */
  footerless?: boolean;
  /** It wrote a complete telemetry file, read as the step's invocation (`failedDespiteTelemetry`). */
  wroteTelemetry?: boolean;
  /** ISO-8601, when the platform said. */
  startedAt: string | null;
  completedAt: string | null;
  /** The last lines of the step's log as the platform sent them, already cut; null = none. */
  logTail: string | null;
}

export function buildFailedStep(step: FailedStep): Invocation {
  const where = step.url ? `its log is on the dbt platform (${step.url})` : "its log is on the dbt platform";
  const wrote = step.footerless
    ? "wrote no complete Fusion telemetry (its file ends without the Parquet footer: it stopped while writing " +
      "it, or the download was cut short, which a re-run would retry)"
    : step.wroteTelemetry
      ? "its telemetry holds no dbt invocation"
      : "wrote no Fusion telemetry";
  const text =
    (step.cancelled
      ? `Step ${step.index} was cancelled (status ${step.status}) and ${wrote}, so this ` +
        `report cannot show what ran in it or whether it would have passed; ${where}.`
      : `Step ${step.index} ended with status ${step.status} and ${wrote}, so this report ` +
        `cannot show what failed in it; ${where}.`) +
    (step.logTail ? `\nThe end of its log:\n${step.logTail}` : "");
  const id = `dbt-platform-run-${step.runId}-step-${step.index}`;
  return {
    invocationId: id,
    traceId: id,
    command: step.command,
    rawCommand: step.command,
    dbtVersion: null,
    target: null,
    startedAt: step.startedAt,
    completedAt: step.completedAt,
    durationMs: durationOf(step.startedAt, step.completedAt),
    state: step.cancelled ? "incomplete" : "complete",
    statusMessage: step.status,
    failed: true,
    source: {
      files: [],
      format: "parquet",
      step: { index: step.index, name: step.name, runId: step.runId, ...(step.url ? { url: step.url } : {}) },
    },
    phases: [],
    nodes: [],
    counts: emptyCounts(),
    skipChains: [],
    runErrors: [{ severity: "ERROR", text }],
    slowest: pickSlowest([], 0),
    readerWarnings: [],
  };
}

/**
 * The invocation of a step that ended in Error, as its telemetry file gave it, failed by the step's
 * status, said in its run errors. For a step none of whose invocations `failsByItsTelemetry`: one
 * whose telemetry explains the Error is left as it is (build-report.ts).
 */
export function failedDespiteTelemetry(inv: Invocation, step: FailedStep): Invocation {
  const where = step.url ? `its log is on the dbt platform (${step.url})` : "its log is on the dbt platform";
  const text =
    `Step ${step.index} ended with status ${step.status} on the dbt platform, but its telemetry shows no ` +
    `failure (the step failed after dbt finished, or for a reason the telemetry does not record), so this ` +
    `report counts it as failed; ${where}.` +
    (step.logTail ? `\nThe end of its log:\n${step.logTail}` : "");
  return { ...inv, failed: true, runErrors: [{ severity: "ERROR", text }] };
}

/** Node errors, failed tests, an error status or a run error: the telemetry says it failed. */
export function failsByItsTelemetry(inv: Invocation): boolean {
  return inv.failed || inv.runErrors.length > 0 || inv.counts.error + inv.counts.fail > 0;
}

function durationOf(startedAt: string | null, completedAt: string | null): number | null {
  if (!startedAt || !completedAt) return null;
  const ms = Date.parse(completedAt) - Date.parse(startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}
