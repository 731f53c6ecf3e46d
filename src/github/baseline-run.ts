// Which run holds the baseline: the newest successful run of a workflow on the base branch. Pure
// parts first (which workflow, which branch), then the two API calls. A token without
// `actions: read` or a workflow that does not exist is an error that says what to set.
import { BaselineError } from "../model/baseline.js";
import type { BaselineRunLocation } from "../sources/baseline-artifact.js";
import type { GitHubClient } from "./client.js";
import { pickWorkflowRunPull, type EventPayload } from "./context.js";
import {
  classifyGitHubError,
  NotFoundError,
  OUTAGE,
  PermissionError,
  RateLimitError,
  readApiMessage,
  serverWords,
  type GitHubApiError,
} from "./errors.js";

export interface BaselineTarget {
  /** Workflow file name (`dbt.yml`) or numeric id whose runs to search. */
  workflow: string;
  /** The PR's base branch; null = the repository's default branch (asked from the API). */
  branch: string | null;
}

export interface BaselineRunRequest {
  owner: string;
  repo: string;
  workflow: string;
  branch: string;
}

/** `owner/repo/.github/workflows/dbt.yml@refs/heads/x` → `dbt.yml`; null when it is not a workflow ref. */
export function workflowFromRef(ref: string | undefined): string | null {
  const file = (ref ?? "").split("@")[0]?.split("/").pop() ?? "";
  return /\.ya?ml$/i.test(file) ? file : null;
}

/**
 * Pure: which workflow's runs to search (`baseline-workflow`, else the current workflow) and on which
 * branch (the PR's base branch, else the default branch named in the payload, else null).
 */
export function baselineTarget(
  workflowInput: string | null,
  payload: EventPayload,
  env: Readonly<Record<string, string | undefined>>,
): BaselineTarget {
  const workflow = workflowInput ?? workflowFromRef(env.GITHUB_WORKFLOW_REF);
  if (!workflow) {
    throw new BaselineError(
      "baseline-artifact: cannot tell which workflow uploaded the baseline (GITHUB_WORKFLOW_REF is not set); " +
        "set baseline-workflow to its file name, e.g. dbt-main.yml",
    );
  }
  const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
  const branch =
    text(payload.pull_request?.base?.ref) ??
    text(pickWorkflowRunPull(payload, env)?.base?.ref) ??
    text(env.GITHUB_BASE_REF) ??
    text(payload.repository?.default_branch);
  return { workflow, branch };
}

/**
 * The repository's default branch, for runs that are not about a pull request; a skip reason when
 * GitHub did not answer (isUnavailable).
 */
export async function readDefaultBranch(
  octokit: GitHubClient,
  owner: string,
  repo: string,
): Promise<string | { skip: string }> {
  try {
    const { data } = await octokit.rest.repos.get({ owner, repo });
    return data.default_branch;
  } catch (error) {
    const failure = classifyGitHubError(error, "workflow-runs");
    if (isUnavailable(failure)) {
      return {
        skip: `GitHub did not give the default branch of ${owner}/${repo} (${unavailableWords(failure)})`,
      };
    }
    throw new BaselineError(
      `baseline-artifact: cannot read the default branch of ${owner}/${repo} (${readApiMessage(error)}); ` +
        "run on pull_request, or pass the report with the baseline input",
    );
  }
}

/**
 * Events whose runs build the branch's own code in this repository. The `branch` filter matches a
 * run's head branch, which for a pull request is the branch it comes from, in whatever repository
 * (a fork's `main` is "main" too), and `exclude_pull_requests` only empties the runs' `pull_requests`
 * lists: a fork could otherwise upload the "baseline" that decides `new-errors` for later PRs.
 */
export const BASELINE_EVENTS: ReadonlySet<string> = new Set([
  "push",
  "schedule",
  "workflow_dispatch",
  "repository_dispatch",
]);

/** How many of the newest successful runs are searched for one a baseline may come from. */
const RUNS_SEARCHED = 100;

interface ListedRun {
  id: number;
  head_sha: string;
  head_branch?: string | null;
  event?: string;
  conclusion?: string | null;
  head_repository?: { full_name?: string } | null;
}

/** Pure: may this run's artifacts be a baseline for `owner/repo`'s `branch`? */
export function isBaselineRun(
  run: ListedRun,
  request: { owner: string; repo: string; branch: string },
): boolean {
  const repository = `${request.owner}/${request.repo}`.toLowerCase();
  return (
    BASELINE_EVENTS.has(run.event ?? "") &&
    run.head_branch === request.branch &&
    run.conclusion === "success" &&
    run.head_repository?.full_name?.toLowerCase() === repository
  );
}

export interface BaselineRunSearch {
  run: { id: number; headSha: string } | null;
  /**
   * Why there is no run to look in: GitHub does not know the workflow (404), or did not answer the
   * listing (a 5xx, a rate limit, no answer). Either way the report stands without a comparison.
   */
  absent?: string;
  /** Successful runs on the branch that were passed over (pull requests, forks, workflow_run). */
  ignored: number;
}

/**
 * The newest successful run of `workflow` on `branch` that this repository's own code made (a push,
 * a schedule or a dispatch), or null when there is none among the newest RUNS_SEARCHED.
 */
export async function findLatestSuccessfulRun(
  octokit: GitHubClient,
  request: BaselineRunRequest,
): Promise<BaselineRunSearch> {
  const { owner, repo, workflow, branch } = request;
  try {
    const { data } = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      // A numeric id or a file name: the API takes both in the same place.
      workflow_id: /^\d+$/.test(workflow) ? Number(workflow) : workflow,
      branch,
      status: "success",
      exclude_pull_requests: true,
      per_page: RUNS_SEARCHED,
    });
    const runs = data.workflow_runs as ListedRun[];
    const run = runs.find((r) => isBaselineRun(r, request));
    return {
      run: run ? { id: run.id, headSha: run.head_sha } : null,
      ignored: run ? runs.indexOf(run) : runs.length,
    };
  } catch (error) {
    const failure = classifyGitHubError(error, "workflow-runs");
    const where = `the runs of workflow '${workflow}' on ${branch}`;
    if (failure instanceof PermissionError) {
      throw new BaselineError(
        `baseline-artifact: GitHub refused to list ${where} (403 ${failure.detail}). ` +
          `Add \`permissions: ${failure.permission}\` to the workflow job.`,
      );
    }
    if (failure instanceof NotFoundError) {
      // The pull request that adds the base branch's workflow is the usual case: GitHub knows a
      // workflow once it is on the default branch. Like a workflow with no run yet, that is no baseline.
      return {
        run: null,
        ignored: 0,
        absent:
          `workflow '${workflow}' was not found in ${owner}/${repo} (404): it has no baseline until it is on the ` +
          "default branch (the pull request that adds it), or baseline-workflow names the wrong file " +
          "(give the file name, e.g. dbt-main.yml, or the id of the workflow that uploads the report)",
      };
    }
    if (isUnavailable(failure)) {
      return { run: null, ignored: 0, absent: `GitHub did not list ${where} (${unavailableWords(failure)})` };
    }
    throw new BaselineError(`baseline-artifact: cannot list ${where} (${failure.detail})`);
  }
}

/**
 * GitHub failing to answer (an outage, a rate limit, a request that got no answer), as opposed to
 * refusing: the baseline only adds to the report, so such a failure skips the comparison, as a
 * failed artifact transfer does (sources/baseline-artifact.ts), rather than costing the step.
 */
function isUnavailable(failure: GitHubApiError): boolean {
  return failure instanceof RateLimitError || failure.status === null || failure.status >= 500;
}

function unavailableWords(failure: GitHubApiError): string {
  const said = serverWords(failure.detail);
  if (failure instanceof RateLimitError) return `rate limited: ${said}; re-run the job later`;
  const answer = failure.status === null ? "no answer" : `HTTP ${failure.status}`;
  return `${answer}${said && `: ${said}`}. ${OUTAGE.replace(/\.$/, "")}`;
}

/**
 * The workflow and branch whose runs hold the `baseline-artifact` (the default branch asked from
 * the API when the event names none), or why the comparison is skipped.
 */
export async function locateBaselineRun(
  octokit: GitHubClient | null,
  where: {
    artifact: string;
    workflowInput: string | null;
    repository: string;
    payload: EventPayload;
    env: Readonly<Record<string, string | undefined>>;
    log: (message: string) => void;
  },
): Promise<BaselineRunLocation | { skip: string }> {
  const [owner, repo] = where.repository.split("/");
  if (!octokit || !owner || !repo) {
    return { skip: `baseline-artifact '${where.artifact}' needs a github-token and GITHUB_REPOSITORY` };
  }
  const target = baselineTarget(where.workflowInput, where.payload, where.env);
  const branch = target.branch ?? (await readDefaultBranch(octokit, owner, repo));
  if (typeof branch !== "string") return branch;
  return {
    workflow: target.workflow,
    branch,
    findRun: async (run) => {
      const found = await findLatestSuccessfulRun(octokit, { owner, repo, ...run });
      if (found.ignored > 0) {
        where.log(
          `Baseline: passed over ${found.ignored} newer successful run(s) of '${run.workflow}' on ${run.branch} ` +
            "that were not a push, schedule or dispatch in this repository (pull requests, forks, workflow_run); " +
            "their artifacts are not trusted as a baseline.",
        );
      }
      return found.absent ? { absent: found.absent } : found.run;
    },
  };
}
