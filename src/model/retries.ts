// `dbt build || dbt retry` leaves both invocations in one report (the engine appends to its JSONL,
// one logs/ folder holds both). A retry re-runs what the invocation before it did not finish well
// (docs.getdbt.com/reference/commands/retry), so the report's verdict follows each node's latest
// result, while each invocation keeps its own results as they were.
import { dbtCommandOf } from "../text/dbt-command.js";
import { addCounts, countStatuses, emptyCounts } from "./counts.js";
import { STATUS } from "./status-table.js";
import type { Invocation, NodeResult, NodeStatus, PassedOnRetry, StatusCounts } from "./types.js";

/**
 * Whether the invocation is a `dbt retry`: its eval_args command, else the command as typed. A
 * dbt platform step that wrote no telemetry has only the step's command line in both
 * (failed-step.ts). Global flags may come first: `dbt --debug retry` is a retry (dbt-command.ts).
 */
export function isRetry(inv: Invocation): boolean {
  return dbtCommandOf(inv.command ?? inv.rawCommand ?? "") === "retry";
}

/**
 * The invocations in report order with each retry's `retryOf` (the latest earlier invocation) and
 * each earlier result a retry ran again marked `supersededBy` the retry. Invocations that are not
 * retries are left as they are: two `dbt build`s both count.
 */
export function linkRetries(invocations: readonly Invocation[]): Invocation[] {
  const linked: Invocation[] = [];
  /**
   * Where each node's latest result is, in the chain of the last invocation and its retries: made by
   * the chain's first retry, as most reports hold none (a map of a big build's every node for nothing).
   */
  let latest: Map<string, number> | null = null;
  for (const inv of invocations) {
    const at = linked.length;
    if (at === 0 || !isRetry(inv)) {
      linked.push(inv);
      latest = null;
      continue;
    }
    latest ??= new Map(linked[at - 1]!.nodes.map((node) => [node.uniqueId, at - 1]));
    // Indexed, not searched back through the chain: a file of thousands of retries stays linear.
    const superseded = new Map<number, Set<string>>();
    for (const node of inv.nodes) {
      if (!ranAgain(inv, node)) continue;
      const earlier = latest.get(node.uniqueId);
      if (earlier !== undefined)
        superseded.set(earlier, (superseded.get(earlier) ?? new Set()).add(node.uniqueId));
      latest.set(node.uniqueId, at);
    }
    for (const [index, ids] of superseded) {
      const earlier = linked[index]!;
      linked[index] = {
        ...earlier,
        nodes: earlier.nodes.map((node) =>
          ids.has(node.uniqueId) && node.supersededBy === undefined
            ? { ...node, supersededBy: inv.invocationId }
            : node,
        ),
      };
    }
    linked.push({ ...inv, retryOf: linked[at - 1]!.invocationId });
  }
  return linked;
}

/**
 * A node result of the retry that replaces the earlier one: a selected node it decided. One a
 * crashed retry never finished says nothing about the node.
 */
function ranAgain(retry: Invocation, node: NodeResult): boolean {
  return node.inSelection && !(retry.state === "incomplete" && node.status === "unknown");
}

/**
 * Each node's latest result by unique id, in report order, for the outputs that hold one result a node
 * (run_results.json, the baseline comparison). A result a retry ran again (`supersededBy`) gives way
 * to the retry's, and a node a crashed retry never finished keeps its earlier result, as the counts
 * do; a later invocation that is not a retry replaces an earlier result, as a later dbt command would.
 * Read from `supersededBy`, not from order alone, so a baseline report holding a retry is read the
 * same way. `include` picks the results looked at (a baseline compares selected nodes only).
 */
export function latestResults(
  invocations: readonly Invocation[],
  include: (node: NodeResult) => boolean = () => true,
): Map<string, NodeResult> {
  const latest = new Map<string, NodeResult>();
  for (const inv of invocations) {
    for (const node of inv.nodes) {
      if (!include(node)) continue;
      const earlier = latest.get(node.uniqueId);
      if (earlier === undefined || replaces(inv, node, earlier)) latest.set(node.uniqueId, node);
    }
  }
  return latest;
}

function replaces(inv: Invocation, node: NodeResult, earlier: NodeResult): boolean {
  // History never replaces a latest result, though any result replaces history.
  if (earlier.supersededBy !== undefined) return true;
  if (node.supersededBy !== undefined) return false;
  return inv.retryOf === undefined || ranAgain(inv, node);
}

/**
 * The report's counts: each node's latest result (latestResults), in each chain of an invocation and
 * the retries after it. An invocation no retry follows is a chain of one, whose counts are added as
 * they are, with no pass over a big build's nodes.
 */
export function latestCounts(invocations: readonly Invocation[]): StatusCounts {
  let sum = emptyCounts();
  for (let start = 0; start < invocations.length;) {
    let end = start + 1;
    while (invocations[end]?.retryOf !== undefined) end++;
    const chain = invocations.slice(start, end);
    sum = addCounts(
      sum,
      end - start === 1 ? chain[0]!.counts : countStatuses([...latestResults(chain).values()]),
    );
    start = end;
  }
  return sum;
}

/**
 * Nodes whose latest result, in a retry, passed after a failure (error or failed test) it
 * superseded: once each, with the last failure, in report order.
 */
export function passedOnRetry(invocations: readonly Invocation[]): PassedOnRetry[] {
  /** The last failure of each node a retry ran again, until its latest result is met. */
  const failed = new Map<string, NodeStatus>();
  const passed: PassedOnRetry[] = [];
  // Most reports hold no retry: no pass over their nodes.
  if (!invocations.some((inv) => inv.retryOf !== undefined)) return passed;
  for (const inv of invocations) {
    for (const node of inv.nodes) {
      if (node.supersededBy !== undefined) {
        if (STATUS[node.status].failure) failed.set(node.uniqueId, node.status);
        continue;
      }
      const failedStatus = failed.get(node.uniqueId);
      failed.delete(node.uniqueId);
      if (failedStatus === undefined || inv.retryOf === undefined || !ranWell(node)) continue;
      passed.push({
        uniqueId: node.uniqueId,
        name: node.name,
        resourceType: node.resourceType,
        failedStatus,
        status: node.status,
        passedIn: inv.invocationId,
      });
    }
  }
  return passed;
}

/** Passed: ran to the end without an error or a failed test (a warning passes too). */
function ranWell(node: NodeResult): boolean {
  const ran = STATUS[node.status].ran;
  return ran === "clean" || ran === "warned";
}

/**
 * The invocations whose failure a later `dbt retry` finished (an invocation failure with no node to
 * blame, a crash): the last retry of the chain after it ended well, with no run error, after running
 * nodes. A retry that ran nothing shows nothing finished, and a crashed retry stays a failure
 * whatever follows it: what it was running is not known.
 */
export function finishedByRetries(invocations: readonly Invocation[]): ReadonlySet<Invocation> {
  const finished = new Set<Invocation>();
  /** The last of the retries right after the invocation at hand (walking back, so it stays linear). */
  let lastRetry: Invocation | null = null;
  for (let at = invocations.length - 1; at >= 0; at--) {
    const inv = invocations[at]!;
    const crashedRetry = inv.state === "incomplete" && inv.retryOf !== undefined;
    if (lastRetry !== null && endedWell(lastRetry) && !crashedRetry) finished.add(inv);
    if (inv.retryOf === undefined) lastRetry = null;
    else lastRetry ??= inv;
  }
  return finished;
}

function endedWell(retry: Invocation): boolean {
  return (
    retry.state === "complete" &&
    !retry.failed &&
    retry.runErrors.length === 0 &&
    retry.nodes.some((node) => node.inSelection)
  );
}
