// What GitHub says about this workflow run's time: when the run was created (the time of the event
// it answers, also for events whose payload has none), and GitHub's clock against the runner's,
// from the answer's Date header. For the check that the telemetry (files on the runner, or an
// artifact of this run) is this run's own (stale-telemetry.ts): a failure only skips that check, so
// it is said and never thrown.
import { MAX_CLOCK_SKEW_MS } from "../model/implausible-times.js";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError, PermissionError } from "./errors.js";

export interface RunClock {
  /** The run's `created_at`: a re-run keeps it (its `run_started_at` is the re-run's start). */
  createdMs: number | null;
  /**
   * GitHub's clock minus the runner's, from the answer's Date header (whole seconds), or 0 when it
   * has none: what to add to a time the runner's clock gave to compare it with GitHub's.
   */
  skewMs: number;
}

export async function readRunClock(
  octokit: GitHubClient,
  run: { owner: string; repo: string; runId: number },
  now: () => number = Date.now,
): Promise<RunClock | { skip: string }> {
  let answer;
  try {
    answer = await octokit.rest.actions.getWorkflowRun({
      owner: run.owner,
      repo: run.repo,
      run_id: run.runId,
    });
  } catch (error) {
    const failure = classifyGitHubError(error, "workflow-runs");
    const hint = failure instanceof PermissionError ? ` (add \`permissions: ${failure.permission}\`)` : "";
    return { skip: `GitHub did not give workflow run ${run.runId}: ${failure.detail}${hint}` };
  }
  const received = now();
  const skewMs = skewOf(answer.headers.date, received);
  const createdMs = timeOf(answer.data.created_at);
  // A run created after the answer came (by GitHub's clock, allowing as much as a Date may be off) is
  // no real time: every invocation would look an earlier build's.
  return {
    createdMs: createdMs !== null && createdMs > received + skewMs + MAX_SKEW_MS ? null : createdMs,
    skewMs,
  };
}

/**
 * The most GitHub's clock and the runner's are taken to differ, as the model takes the engine's and
 * the reader's: a runner's clock a day off is broken beyond what the check can allow for, and a Date
 * header further off (a proxy's, a hostile answer's) is no clock at all. Beyond it the skew is 0.
 */
const MAX_SKEW_MS = MAX_CLOCK_SKEW_MS;

/**
 * GitHub's clock minus the runner's when the answer arrived. The Date header has whole seconds and
 * is stamped before the answer travels, so the estimate is good to about a second plus the trip.
 * 0 without a readable Date, or with one more than a day off (MAX_SKEW_MS).
 */
export function skewOf(dateHeader: unknown, receivedMs: number): number {
  const github = typeof dateHeader === "string" ? Date.parse(dateHeader) : NaN;
  const skew = github - receivedMs;
  return Number.isFinite(skew) && Math.abs(skew) <= MAX_SKEW_MS ? skew : 0;
}

function timeOf(value: unknown): number | null {
  const time = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : null;
}
