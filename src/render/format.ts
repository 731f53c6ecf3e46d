import { statusRow } from "../model/status-table.js";
import type { NodeResult, ResourceType } from "../model/types.js";
import { formatCount } from "../text/count.js";
import { formatDuration } from "../text/duration.js";
import { escapeText } from "./escape.js";

export { formatCount, formatDuration };

/** A slowdown: `+1m06s`. */
export function formatDelta(ms: number): string {
  return ms < 0 ? formatDuration(ms) : `+${formatDuration(ms)}`;
}

/** A growth in percent: `+350%`, `+52.4%` (one decimal below 100 %, where the threshold usually is). */
export function formatPercent(percent: number): string {
  const sign = percent < 0 ? "-" : "+";
  const size = Math.abs(percent);
  return `${sign}${size >= 100 ? Math.round(size) : Number(size.toFixed(1))}%`;
}

/** The status's icon; ❔ for a value that is not a status (a hostile or newer baseline report). */
export function statusIcon(status: string): string {
  return statusRow(status)?.icon ?? "❔";
}

/** The status's word; a value that is not a status is shown escaped. */
export function statusWord(status: string): string {
  return statusRow(status)?.label ?? escapeText(status);
}

/**
 * A skipped node whose skip names no upstream node (a skip reason without its upstream id, or no
 * reason): in no skip chain, so the skip section lists it in a group of its own.
 */
export function isUncausedSkip(node: Pick<NodeResult, "status" | "skippedBecauseOf">): boolean {
  return node.status === "skipped" && !node.skippedBecauseOf;
}

/**
 * How much of a unit test's diff the Markdown and the terminal show: more than an error's excerpt, as
 * a diff is read row by row.
 */
export const DIFF_EXCERPT = { lines: 60, chars: 6000 } as const;

/** Names listed of the nodes that passed on `dbt retry`, in the Markdown and the terminal: the rest are in the full report. */
export const PASSED_ON_RETRY_SHOWN = 20;

/**
 * The mark of a result a `dbt retry` ran again (`supersededBy`): history, whose status the headline
 * counts by the retry's result instead. Beside every such result a section lists, so that an error a
 * retry fixed is never shown as if it stood.
 */
export const RUN_AGAIN = { markdown: "🔁 run again by `dbt retry`", text: "run again by dbt retry" } as const;

/**
 * The nodes of the same error (or warning) as one shown whose names a list left out, for its note
 * ("… and 3 more errors and 689 more nodes with the errors above"): told apart from errors not shown
 * at all, which the note would otherwise make them read as. Null when none was left out.
 */
export function unnamedSameErrors(count: number, what: "errors" | "warnings" = "errors"): string | null {
  return count > 0 ? `${plural(count, "more node")} with the ${what} above` : null;
}

/** The group of skipped nodes whose cause the engine did not name. */
export const UNCAUSED_SKIPS = "cause not given";

/** The skip section's heading: not all skips are said to be upstream ones when some give no cause. */
export function skipHeading(anyUncaused: boolean): string {
  return anyUncaused ? "Skipped" : "Skipped because of an upstream problem";
}

/** "✅ success": icon and word. */
export function statusText(status: string): string {
  return `${statusIcon(status)} ${statusWord(status)}`;
}

const RESOURCE_LABEL: Record<ResourceType, string> = {
  model: "model",
  seed: "seed",
  snapshot: "snapshot",
  source: "source",
  test: "test",
  unit_test: "unit test",
  function: "function",
  analysis: "analysis",
  operation: "operation",
  exposure: "exposure",
  metric: "metric",
  saved_query: "saved query",
  semantic_model: "semantic model",
  macro: "macro",
  doc: "doc",
  unknown: "node",
};

/** "unit test"; a type that is not one (a hostile or newer baseline report) is called "node". */
export function resourceLabel(type: ResourceType): string {
  return Object.hasOwn(RESOURCE_LABEL, type) ? RESOURCE_LABEL[type] : "node";
}

/** `1 node`, `3,300 nodes`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** "3 more errors", what a list's closing note says it left out; null when none was left out. */
export function leftOut(left: number, noun: string): string | null {
  return left > 0 ? plural(left, `more ${noun}`) : null;
}

/**
 * The Warnings section's count. The headline counts warned nodes only; when WARN log lines are listed
 * too, both are named, so "Warnings (188)" never sits under "167 warned" unexplained.
 */
export function warningsCount(warnedNodes: number, warningLines: number): string {
  if (warnedNodes === 0 || warningLines === 0) return formatCount(warnedNodes + warningLines);
  return `${plural(warnedNodes, "node")} warned, ${plural(warningLines, "warning line")}`;
}

/** `freshness warn (age 1d01h)`: a source's freshness outcome and, when the engine gave it, its age. */
export function freshnessFact(outcome: string, ageSeconds: number | undefined): string {
  return `freshness ${outcome}${ageSeconds !== undefined ? ` (age ${formatDuration(ageSeconds * 1000)})` : ""}`;
}
