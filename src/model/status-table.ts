// Everything every output says about a node status, in one table. A status added to `NodeStatus`
// does not compile until its row is filled in here, so no renderer can forget it.
import type { NodeResult, NodeStatus, StatusCounts } from "./types.js";

/** Check-run annotation level (the Checks API's names). */
export type AnnotationLevel = "notice" | "warning" | "failure";

/** dbt Core's run_results.json v6 statuses. */
export type RunResultsStatus =
  "success" | "error" | "skipped" | "pass" | "warn" | "fail" | "reused" | "no-op";

/** The element a JUnit test case gets: none (passed), `<failure>`, `<error>` or `<skipped>`. */
export type JunitKind = "passed" | "failure" | "error" | "skipped";

/** The headline counts, in the order they are shown: "✅ 42 passed · ❌ 1 error · …". */
export const HEADLINE_CELLS = [
  { key: "passed", icon: "✅", one: "passed", many: "passed", alwaysShown: true },
  { key: "errors", icon: "❌", one: "error", many: "errors", alwaysShown: false },
  { key: "failedTests", icon: "❌", one: "failed test", many: "failed tests", alwaysShown: false },
  { key: "warned", icon: "⚠️", one: "warned", many: "warned", alwaysShown: false },
  { key: "skipped", icon: "⏭️", one: "skipped", many: "skipped", alwaysShown: false },
  { key: "reused", icon: "♻️", one: "reused", many: "reused", alwaysShown: false },
  { key: "noOp", icon: "➖", one: "no-op or disabled", many: "no-op or disabled", alwaysShown: false },
  { key: "canceled", icon: "🚫", one: "canceled", many: "canceled", alwaysShown: false },
  { key: "unfinished", icon: "❔", one: "unfinished", many: "unfinished", alwaysShown: false },
] as const;

export type HeadlineCell = (typeof HEADLINE_CELLS)[number]["key"];

/** The Action's count outputs (action.yml `outputs`). */
export const STEP_COUNT_OUTPUTS = ["errors", "failed-tests", "warned-tests", "skipped", "passed"] as const;

export type StepCountOutput = (typeof STEP_COUNT_OUTPUTS)[number];

export interface StatusRow {
  icon: string;
  /** The word shown beside the icon. */
  label: string;
  /** Where `countStatuses` counts it. */
  countKey: Exclude<keyof StatusCounts, "total">;
  /** An error or a failed test: what fail-on, baseline labels and diagrams treat as a failure. */
  failure: boolean;
  /** Whether the node ran to the end, and how: a baseline failure is "fixed" only by a clean run. */
  ran: "clean" | "warned" | "failed" | "no";
  junit: JunitKind;
  /** `<skipped message>` for statuses reported as skipped. */
  junitSkipMessage: string | null;
  runResults: RunResultsStatus;
  /** The annotation a node of this status gets; null for none. */
  annotation: AnnotationLevel | null;
  headline: HeadlineCell;
  /** The Action output it counts toward; null for none. */
  stepOutput: StepCountOutput | null;
  /** Why the node is listed under "not run to completion"; null when it is not listed there. */
  notCompleted: string | null;
}

export const STATUS: { readonly [S in NodeStatus]: Readonly<StatusRow> } = {
  success: {
    icon: "✅",
    label: "success",
    countKey: "success",
    failure: false,
    ran: "clean",
    junit: "passed",
    junitSkipMessage: null,
    runResults: "success",
    annotation: null,
    headline: "passed",
    stepOutput: "passed",
    notCompleted: null,
  },
  error: {
    icon: "❌",
    label: "error",
    countKey: "error",
    failure: true,
    ran: "failed",
    junit: "error",
    junitSkipMessage: null,
    runResults: "error",
    annotation: "failure",
    headline: "errors",
    stepOutput: "errors",
    notCompleted: null,
  },
  skipped: {
    icon: "⏭️",
    label: "skipped",
    countKey: "skipped",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "skipped",
    runResults: "skipped",
    annotation: null,
    headline: "skipped",
    stepOutput: "skipped",
    notCompleted: null,
  },
  pass: {
    icon: "✅",
    label: "pass",
    countKey: "pass",
    failure: false,
    ran: "clean",
    junit: "passed",
    junitSkipMessage: null,
    runResults: "pass",
    annotation: null,
    headline: "passed",
    stepOutput: "passed",
    notCompleted: null,
  },
  warn: {
    icon: "⚠️",
    label: "warn",
    countKey: "warn",
    failure: false,
    ran: "warned",
    junit: "passed",
    junitSkipMessage: null,
    runResults: "warn",
    annotation: "warning",
    headline: "warned",
    stepOutput: "warned-tests",
    notCompleted: null,
  },
  fail: {
    icon: "❌",
    label: "fail",
    countKey: "fail",
    failure: true,
    ran: "failed",
    junit: "failure",
    junitSkipMessage: null,
    runResults: "fail",
    annotation: "failure",
    headline: "failedTests",
    stepOutput: "failed-tests",
    notCompleted: null,
  },
  reused: {
    icon: "♻️",
    label: "reused",
    countKey: "reused",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "reused: unchanged since the last build, not run again",
    runResults: "reused",
    annotation: null,
    headline: "reused",
    stepOutput: null,
    notCompleted: null,
  },
  "no-op": {
    icon: "➖",
    label: "no-op",
    countKey: "noOp",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "no-op: nothing to run",
    runResults: "no-op",
    annotation: null,
    headline: "noOp",
    stepOutput: null,
    notCompleted: null,
  },
  "phase-disabled": {
    icon: "➖",
    label: "phase-disabled",
    countKey: "phaseDisabled",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "phase disabled",
    runResults: "skipped",
    annotation: null,
    headline: "noOp",
    stepOutput: null,
    notCompleted: null,
  },
  "phase-skipped": {
    icon: "⏭️",
    label: "phase-skipped",
    countKey: "phaseSkipped",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "phase skipped",
    runResults: "skipped",
    annotation: null,
    headline: "skipped",
    stepOutput: "skipped",
    notCompleted: "skipped: an earlier phase did not succeed",
  },
  canceled: {
    icon: "🚫",
    label: "canceled",
    countKey: "canceled",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "canceled",
    runResults: "skipped",
    annotation: null,
    headline: "canceled",
    stepOutput: null,
    notCompleted: "canceled",
  },
  // A node of a crashed run; one that finished with an outcome not understood is told apart
  // (outcomeNotUnderstood) wherever these words are shown.
  unknown: {
    icon: "❔",
    label: "unknown",
    countKey: "unknown",
    failure: false,
    ran: "no",
    junit: "skipped",
    junitSkipMessage: "did not finish",
    // A node that never finished (crashed run) has no v6 equivalent: dbt would call it an error.
    runResults: "error",
    annotation: null,
    headline: "unfinished",
    stepOutput: null,
    notCompleted: "did not finish",
  },
};

/** The message of a node whose spans never ended (a crashed or cut-off run): its status is unknown. */
export const NEVER_FINISHED_MESSAGE = "the node started but never finished (the run was interrupted)";

/** What is said of a node that finished with an outcome the reader did not understand. */
const OUTCOME_UNKNOWN = "outcome unknown";

/**
 * A node of unknown status that did finish: its spans ended, with an outcome (or a detail of it)
 * the reader did not understand. Not one that "did not finish", as a node of a crashed run is.
 */
export function outcomeNotUnderstood(node: Pick<NodeResult, "status" | "message">): boolean {
  return node.status === "unknown" && node.message !== NEVER_FINISHED_MESSAGE;
}

/** Why the node is listed under "not run to completion" (STATUS's `notCompleted`, told apart). */
export function notCompletedReason(node: Pick<NodeResult, "status" | "message">): string | null {
  return outcomeNotUnderstood(node) ? OUTCOME_UNKNOWN : (statusRow(node.status)?.notCompleted ?? null);
}

/**
 * The heading of the nodes listed with a notCompletedReason, named by what they are: a node of
 * unknown outcome finished, so "not run to completion" alone would be untrue of it.
 */
export function notCompletedHeading(nodes: readonly Pick<NodeResult, "status" | "message">[]): string {
  const unknown = nodes.filter(outcomeNotUnderstood).length;
  if (unknown === 0) return "Not run to completion";
  return unknown === nodes.length ? "Outcome unknown" : "Not run to completion or outcome unknown";
}

/** The `<skipped message>` of a node reported as skipped (STATUS's `junitSkipMessage`, told apart). */
export function junitSkipMessage(node: Pick<NodeResult, "status" | "message">): string | null {
  return outcomeNotUnderstood(node) ? OUTCOME_UNKNOWN : (statusRow(node.status)?.junitSkipMessage ?? null);
}

/** The headline's ❔ cell: "unfinished" only when none of its nodes finished, else "unknown". */
export function headlineWords(
  cell: (typeof HEADLINE_CELLS)[number],
  anyOutcomeNotUnderstood: boolean,
): { one: string; many: string } {
  return cell.key === "unfinished" && anyOutcomeNotUnderstood ? { one: "unknown", many: "unknown" } : cell;
}

/** Whether any of these invocations' nodes finished with an outcome not understood (headlineWords). */
export function anyOutcomeNotUnderstood(
  invocations: readonly { counts: StatusCounts; nodes: readonly NodeResult[] }[],
): boolean {
  return invocations.some((inv) => inv.counts.unknown > 0 && inv.nodes.some(outcomeNotUnderstood));
}

/** In the order of `NodeStatus`, which is also the order of the counts in the JSON report. */
const STATUSES = Object.keys(STATUS) as NodeStatus[];

/** The row of a status, or null for a value that is not one (a hostile or newer baseline report). */
export function statusRow(status: string): Readonly<StatusRow> | null {
  return Object.hasOwn(STATUS, status) ? STATUS[status as NodeStatus] : null;
}

export function isFailure(status: string): boolean {
  return statusRow(status)?.failure ?? false;
}

/** Counts summed per headline cell. */
export function headlineCounts(counts: StatusCounts): Record<HeadlineCell, number> {
  const cells = Object.fromEntries(HEADLINE_CELLS.map((cell) => [cell.key, 0])) as Record<
    HeadlineCell,
    number
  >;
  for (const status of STATUSES) cells[STATUS[status].headline] += counts[STATUS[status].countKey];
  return cells;
}

/** Counts summed per Action count output. */
export function stepOutputCounts(counts: StatusCounts): Record<StepCountOutput, number> {
  const out = Object.fromEntries(STEP_COUNT_OUTPUTS.map((name) => [name, 0])) as Record<
    StepCountOutput,
    number
  >;
  for (const status of STATUSES) {
    const output = STATUS[status].stepOutput;
    if (output) out[output] += counts[STATUS[status].countKey];
  }
  return out;
}
