import { formatCount } from "../text/count.js";
import { finishedByRetries, passedOnRetry } from "./retries.js";
import type { BaselineComparison, Conclusion, FailOn, Invocation, StatusCounts } from "./types.js";

export interface Verdict {
  conclusion: Conclusion;
  reason: string;
}

/**
 * `errors`: any node error or failed test, or an invocation that failed/crashed without a node to
 * blame; else canceled nodes and nodes of unknown outcome make it neutral. `warnings`: also warned
 * tests. `never`: problems make the check neutral, never failing.
 * `new-errors` with a baseline comparison: fails only on failures the change brought (new failures,
 * failing nodes the baseline did not run, an invocation failure with no node to blame, an invocation
 * that did not finish); failures already on the base branch make it neutral. Without a baseline it
 * behaves like `errors`.
 * `counts` are each node's latest result (retries.ts): a node that failed, then passed on `dbt retry`
 * passes, and an invocation failure a later retry finished cleanly is no failure; a crashed retry is.
 */
export function decideConclusion(
  invocations: readonly Invocation[],
  counts: StatusCounts,
  failOn: FailOn,
  baseline?: BaselineComparison,
): Verdict {
  const problems: string[] = [];
  if (counts.error > 0) problems.push(plural(counts.error, "node error", "node errors"));
  if (counts.fail > 0) problems.push(plural(counts.fail, "failed test", "failed tests"));
  // A failed invocation with no node to blame (a compile error) still fails. One that ended after
  // canceling nodes is explained by them (a canceled node is never a failure). One that never ended
  // crashed, whatever its nodes did on the way: what it did not run is not known to pass, and no
  // node error, old or new, explains it.
  // One a later `dbt retry` finished cleanly is not a failure of the job (`dbt build || dbt retry`).
  const finished = finishedByRetries(invocations);
  const failedRuns = invocations.filter(
    (inv) =>
      inv.state === "incomplete" ||
      ((inv.failed || inv.runErrors.length > 0) &&
        inv.counts.error + inv.counts.fail === 0 &&
        inv.counts.canceled === 0),
  );
  const runFailures = failedRuns.filter((inv) => !finished.has(inv));
  const finishedRuns = failedRuns.filter((inv) => finished.has(inv));
  const finishedCrashes = finishedRuns.filter((inv) => inv.state === "incomplete").length;
  const finishedFailures = finishedRuns.length - finishedCrashes;
  const unexplained = new Set(runFailures);
  if (runFailures.length > 0) {
    const crashed = runFailures.some((inv) => inv.state === "incomplete");
    // On the dbt platform each invocation is a job step: the headline names the steps.
    const steps = runFailures.map((inv) => inv.source.step?.index);
    problems.push(
      crashed
        ? "an invocation did not finish"
        : steps.every((index) => index !== undefined)
          ? `${stepsNamed(steps as number[])} failed without a node error`
          : "an invocation failed without a node error",
    );
  }
  const warnings = counts.warn > 0 ? [plural(counts.warn, "warning", "warnings")] : [];
  // Neither failures nor passes: canceled nodes, and nodes whose outcome is unknown. A node whose
  // end the reader could not understand (an outcome of a newer engine, a damaged file) is not known
  // to have passed, so it makes the check neutral, never green. The unfinished nodes of a run that
  // did not finish are already explained by it, unless a retry finished the run: then those it did
  // not run again are not known to pass.
  const unfinished = invocations.reduce(
    (sum, inv) =>
      sum +
      (inv.state === "incomplete" && unexplained.has(inv)
        ? inv.nodes.filter((node) => node.status === "unknown" && node.supersededBy === undefined).length
        : 0),
    0,
  );
  const unknown = counts.unknown - unfinished;
  const unsettled = [
    counts.canceled > 0 ? plural(counts.canceled, "node canceled", "nodes canceled") : "",
    unknown > 0 ? plural(unknown, "node with an unknown outcome", "nodes with an unknown outcome") : "",
  ].filter(Boolean);
  const retried = passedOnRetry(invocations).length;
  const afterRetry = [
    retried > 0 ? `${plural(retried, "node", "nodes")} failed, then passed on dbt retry` : "",
    finishedFailures > 0
      ? `dbt retry finished ${plural(finishedFailures, "invocation that failed without a node error", "invocations that failed without a node error")}`
      : "",
    finishedCrashes > 0
      ? `dbt retry finished ${plural(finishedCrashes, "invocation that did not finish", "invocations that did not finish")}`
      : "",
  ].filter(Boolean);
  const succeeded =
    counts.total === 0
      ? "no nodes ran"
      : `all nodes succeeded${afterRetry.length > 0 ? ` (${afterRetry.join("; ")})` : ""}`;

  if (failOn === "new-errors" && baseline) {
    const b = baseline.counts;
    // A node failing now that did not fail on the base branch is a new failure, whether the base
    // branch ran it or not: the comparison's tally counts it the same way.
    const newFailures = b.newFailures + b.addedFailing;
    const introduced = [
      newFailures > 0 ? plural(newFailures, "new failure", "new failures") : "",
      runFailures.length > 0 ? (problems[problems.length - 1] as string) : "",
    ].filter(Boolean);
    if (introduced.length > 0) {
      return { conclusion: "failure", reason: `${join(introduced)} compared with the base branch` };
    }
    if (problems.length > 0) {
      return { conclusion: "neutral", reason: `${join(problems)}, none new compared with the base branch` };
    }
  }

  if (failOn === "never") {
    const all = [...problems, ...unsettled, ...warnings];
    return all.length > 0
      ? { conclusion: "neutral", reason: `${join(all)} (fail-on: never)` }
      : { conclusion: "success", reason: succeeded };
  }
  const blocking = failOn === "warnings" ? [...problems, ...warnings] : problems;
  if (blocking.length > 0) return { conclusion: "failure", reason: join(blocking) };
  if (unsettled.length > 0) return { conclusion: "neutral", reason: join([...unsettled, ...warnings]) };
  if (warnings.length > 0) return { conclusion: "success", reason: `${join(warnings)}, no errors` };
  return { conclusion: "success", reason: succeeded };
}

/** "step 3", "steps 3 and 5", "steps 2, 3 and 5". */
function stepsNamed(indexes: number[]): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b).map(String);
  if (sorted.length === 1) return `step ${sorted[0]}`;
  return `steps ${sorted.slice(0, -1).join(", ")} and ${sorted.at(-1)}`;
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

function join(parts: string[]): string {
  return parts.join(", ");
}
