// What GitHub says about this workflow run's time: when the run was created (the time of the event
// it answers, also for events whose payload has none), and GitHub's clock against the runner's,
// from the answer's Date header. For the check that local telemetry is this run's own
// (stale-telemetry.ts): a failure only skips that check, so it is said and never thrown.
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
  return { createdMs: timeOf(answer.data.created_at), skewMs: skewOf(answer.headers.date, received) };
}

/**
 * GitHub's clock minus the runner's when the answer arrived. The Date header has whole seconds and
 * is stamped before the answer travels, so the estimate is good to about a second plus the trip.
 */
export function skewOf(dateHeader: unknown, receivedMs: number): number {
  const github = typeof dateHeader === "string" ? Date.parse(dateHeader) : NaN;
  return Number.isFinite(github) ? github - receivedMs : 0;
}

function timeOf(value: unknown): number | null {
  const time = typeof value === "string" ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : null;
}
