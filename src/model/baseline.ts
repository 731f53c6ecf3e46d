// Compares this run with a report of the base branch: which failures the pull request introduced,
// which it fixed, which were already there, and which nodes got markedly slower. Pure: the caller
// reads the baseline file and passes its text (parseBaselineReport) or a parsed Report.
import { decideConclusion } from "./conclusion.js";
import { latestResults } from "./retries.js";
import { isFailure, statusRow } from "./status-table.js";
import {
  CONCLUSIONS,
  type BaselineComparison,
  type BaselineLabel,
  type BaselineNodeChange,
  type BaselinePresence,
  type BaselineRegression,
  type Conclusion,
  type FailOn,
  type NodeResult,
  type Report,
  type TimingChange,
} from "./types.js";

export interface CompareOptions {
  /** A node regressed when its processing time grew by more than this percentage… */
  regressionThresholdPercent: number;
  /** …and by at least this many milliseconds (short nodes jitter by large percentages). */
  minRegressionMs?: number;
  /** Where the baseline came from, for the report (a file name, an artifact). */
  source?: string;
}

export const DEFAULT_MIN_REGRESSION_MS = 1_000;

// A baseline is untrusted and may come from a newer version: a status this one does not know counts
// as a node that did not run.
const ran = (status: string) => statusRow(status)?.ran ?? "no";
/** A failure counts as fixed only when the node ran and did not fail; a skip proves nothing. */
const ranClean = (status: string): boolean => ran(status) === "clean" || ran(status) === "warned";
const ranWithoutWarning = (status: string): boolean => ran(status) === "clean";
/**
 * Times compare only between two runs of the node that went to their end: a failed test ran its
 * query through, an error stopped part way (after 50 ms, fixed to take its 5 s, is no slowdown).
 */
const ranToTheEnd = (status: string): boolean => ran(status) !== "no" && status !== "error";
const ranToTheEndBoth = (now: string, before: string): boolean => ranToTheEnd(now) && ranToTheEnd(before);

export class BaselineError extends Error {
  override name = "BaselineError";
}

/**
 * The base branch's JSON report (schema/report.schema.json), checked just enough that the comparison
 * cannot misread it. `name` (the file or artifact) is used in every error message.
 */
export function parseBaselineReport(text: string, name: string): Report {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(
      `baseline ${name}: not valid JSON (${(error as Error).message}); pass the JSON report written by fusion-report (json-report input or --json)`,
    );
  }
  const problem = shapeProblem(value);
  if (problem) {
    throw new BaselineError(
      `baseline ${name}: ${problem}; pass the JSON report written by fusion-report (json-report input or --json)`,
    );
  }
  return value as Report;
}

/**
 * The key fusion-report puts in `metadata.env` of the run_results.json it writes. dbt's v6 schema
 * allows no extra `metadata` keys but any string in `env`, so the file stays valid, and a later run
 * (or a baseline read by mistake) can tell its own file from the one dbt wrote.
 */
export const RUN_RESULTS_MARK = "FUSION_REPORT_VERSION";

function shapeProblem(value: unknown): string | null {
  if (!isObject(value)) return "not a JSON object";
  if (!("schemaVersion" in value)) {
    // dbt's own run_results.json is the file most often passed by mistake.
    const schema = isObject(value.metadata) ? value.metadata.dbt_schema_version : undefined;
    const artifact =
      typeof schema === "string" ? /\/dbt\/([a-z-]+)\/v\d+\.json$/.exec(schema)?.[1] : undefined;
    // The run_results.json fusion-report writes carries its mark in metadata.env (report-files.ts).
    const env = isObject(value.metadata) ? value.metadata.env : undefined;
    const ours = isObject(env) && RUN_RESULTS_MARK in env;
    if (artifact && ours)
      return `this is the dbt ${artifact} artifact fusion-report wrote (--run-results), not its JSON report (--json)`;
    if (artifact)
      return `this is a dbt ${artifact} artifact (dbt's own file), not a fusion-report JSON report`;
    return "no schemaVersion (is this a fusion-report JSON report?)";
  }
  if (value.schemaVersion !== 1) {
    return `schemaVersion ${JSON.stringify(value.schemaVersion)} is not supported (expected 1)`;
  }
  if (!Array.isArray(value.invocations)) return "invocations is not an array";
  // Every field the comparison copies into this run's report is text where the renderers expect it.
  if (value.conclusion !== undefined && typeof value.conclusion !== "string")
    return "conclusion is not a string";
  if (
    value.generator !== undefined &&
    !(isObject(value.generator) && optionalText(value.generator.version))
  ) {
    return "generator.version is not a string";
  }
  for (const [i, inv] of value.invocations.entries()) {
    if (!isObject(inv) || !Array.isArray(inv.nodes)) return `invocations[${i}].nodes is not an array`;
    if (typeof inv.invocationId !== "string") return `invocations[${i}].invocationId is not a string`;
    if (!optionalText(inv.startedAt)) return `invocations[${i}].startedAt is not a string or null`;
    for (const [j, node] of inv.nodes.entries()) {
      const where = `invocations[${i}].nodes[${j}]`;
      if (!isObject(node)) return `${where} is not an object`;
      if (typeof node.uniqueId !== "string") return `${where}.uniqueId is not a string`;
      if (typeof node.status !== "string") return `${where}.status is not a string`;
      if (!optionalText(node.name)) return `${where}.name is not a string or null`;
      if (typeof node.resourceType !== "string") return `${where}.resourceType is not a string`;
      if (typeof node.inSelection !== "boolean") return `${where}.inSelection is not a boolean`;
      if (!isObject(node.timing)) return `${where}.timing is not an object`;
      const ms = node.timing.processingMs;
      if (ms !== null && !(typeof ms === "number" && Number.isFinite(ms) && ms >= 0))
        return `${where}.timing.processingMs is not a number ≥ 0 or null`;
    }
  }
  return null;
}

function optionalText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function compareWithBaseline(
  current: Report,
  baseline: Report,
  opts: CompareOptions,
): BaselineComparison {
  const minRegressionMs = opts.minRegressionMs ?? DEFAULT_MIN_REGRESSION_MS;
  const now = selectedNodes(current);
  const before = selectedNodes(baseline);

  const failures: BaselineNodeChange[] = [];
  const warnings: BaselineNodeChange[] = [];
  const regressions: BaselineRegression[] = [];
  const added: BaselinePresence[] = [];
  const removed: BaselinePresence[] = [];
  let compared = 0;
  const changes: number[] = [];

  for (const [id, node] of now) {
    const old = before.get(id);
    if (!old) {
      added.push(presence(node));
      continue;
    }
    compared++;
    const failure = label(isFailure(node.status), isFailure(old.status), ranClean(node.status));
    if (failure) failures.push(change(node, old, failure));
    const warning = label(node.status === "warn", old.status === "warn", ranWithoutWarning(node.status));
    if (warning) warnings.push(change(node, old, warning));
    // Times compare only between two runs of the node that went to their end: a skipped or reused
    // node's few milliseconds, or an error's, are no baseline for one that ran.
    if (!ranToTheEndBoth(node.status, old.status)) continue;
    const percent = percentChange(old.timing.processingMs, node.timing.processingMs);
    if (percent !== null) changes.push(percent);
    const regression = regressionOf(node, old, opts.regressionThresholdPercent, minRegressionMs);
    if (regression) regressions.push(regression);
  }
  for (const [id, node] of before) if (!now.has(id)) removed.push(presence(node));

  failures.sort(byLabelThenId);
  warnings.sort(byLabelThenId);
  regressions.sort((a, b) => b.deltaMs - a.deltaMs || compareText(a.uniqueId, b.uniqueId));
  added.sort((a, b) => compareText(a.uniqueId, b.uniqueId));
  removed.sort((a, b) => compareText(a.uniqueId, b.uniqueId));

  const count = (list: BaselineNodeChange[], l: BaselineLabel) => list.filter((c) => c.label === l).length;
  return {
    baseline: {
      ...(opts.source ? { source: opts.source } : {}),
      generatorVersion: baseline.generator?.version ?? null,
      invocationIds: baseline.invocations.map((inv) => inv.invocationId),
      startedAt: baseline.invocations[0]?.startedAt ?? null,
      // Conclusion is a closed list of the report; any other baseline value (hand-edited) is left out.
      conclusion: knownConclusion(baseline.conclusion),
    },
    regressionThresholdPercent: opts.regressionThresholdPercent,
    minRegressionMs,
    ...(changes.length > 0 ? { timingChange: quartiles(changes) } : {}),
    counts: {
      compared,
      newFailures: count(failures, "new"),
      fixedFailures: count(failures, "fixed"),
      stillFailing: count(failures, "still-failing"),
      newWarnings: count(warnings, "new"),
      fixedWarnings: count(warnings, "fixed"),
      stillWarning: count(warnings, "still-failing"),
      regressions: regressions.length,
      added: added.length,
      addedFailing: added.filter((a) => isFailure(a.status)).length,
      removed: removed.length,
    },
    failures,
    warnings,
    regressions,
    added,
    removed,
  };
}

/**
 * The report with the comparison attached and the conclusion decided again (fail-on: new-errors
 * only means something once a baseline is known).
 */
export function applyBaseline(report: Report, comparison: BaselineComparison, failOn: FailOn): Report {
  const verdict = decideConclusion(report.invocations, report.counts, failOn, comparison);
  return {
    ...report,
    baseline: comparison,
    conclusion: verdict.conclusion,
    conclusionReason: verdict.reason,
  };
}

/**
 * Selected nodes by unique id, each with its latest result (retries.ts latestResults), in this run and
 * in the baseline alike: after `dbt build || dbt retry` the retry's result where it ran the node again,
 * status and time (the build's error stopped part way, so only the retry's time is a whole run).
 * Two builds in one report: the later one's result.
 */
function selectedNodes(report: Report): Map<string, NodeResult> {
  return latestResults(report.invocations, (node) => node.inSelection);
}

function label(isNow: boolean, wasBefore: boolean, clearedNow: boolean): BaselineLabel | null {
  if (isNow) return wasBefore ? "still-failing" : "new";
  if (wasBefore && clearedNow) return "fixed";
  return null;
}

function change(node: NodeResult, old: NodeResult, l: BaselineLabel): BaselineNodeChange {
  return {
    uniqueId: node.uniqueId,
    name: node.name,
    resourceType: node.resourceType,
    label: l,
    status: node.status,
    baselineStatus: old.status,
    message: l === "fixed" ? null : node.message,
  };
}

function knownConclusion(value: unknown): Conclusion | null {
  return (CONCLUSIONS as readonly unknown[]).includes(value) ? (value as Conclusion) : null;
}

function presence(node: NodeResult): BaselinePresence {
  return { uniqueId: node.uniqueId, name: node.name, resourceType: node.resourceType, status: node.status };
}

function regressionOf(
  node: NodeResult,
  old: NodeResult,
  thresholdPercent: number,
  minMs: number,
): BaselineRegression | null {
  const beforeMs = old.timing.processingMs;
  const afterMs = node.timing.processingMs;
  if (beforeMs === null || afterMs === null || beforeMs <= 0) return null;
  const deltaMs = afterMs - beforeMs;
  const percent = percentChange(beforeMs, afterMs);
  if (percent === null || deltaMs < minMs || percent <= thresholdPercent) return null;
  return {
    uniqueId: node.uniqueId,
    name: node.name,
    resourceType: node.resourceType,
    beforeMs,
    afterMs,
    deltaMs,
    percent: Math.round(percent * 10) / 10,
  };
}

/** null when there is no ratio to give: a time missing, or a base of 0 (or so near it that the ratio overflows). */
function percentChange(beforeMs: number | null, afterMs: number | null): number | null {
  if (beforeMs === null || afterMs === null || beforeMs <= 0) return null;
  const percent = ((afterMs - beforeMs) / beforeMs) * 100;
  return Number.isFinite(percent) ? percent : null;
}

function quartiles(changes: number[]): TimingChange {
  const sorted = Float64Array.from(changes).sort();
  const at = (q: number): number => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.min(sorted.length - 1, low + 1);
    const value =
      (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (position - low);
    return Math.round(value * 10) / 10;
  };
  return { nodes: sorted.length, p25Percent: at(0.25), medianPercent: at(0.5), p75Percent: at(0.75) };
}

const LABEL_ORDER: Record<BaselineLabel, number> = { new: 0, "still-failing": 1, fixed: 2 };

function byLabelThenId(a: BaselineNodeChange, b: BaselineNodeChange): number {
  return LABEL_ORDER[a.label] - LABEL_ORDER[b.label] || compareText(a.uniqueId, b.uniqueId);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
